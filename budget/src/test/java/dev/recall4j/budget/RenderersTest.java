package dev.recall4j.budget;

import static dev.recall4j.budget.Fixtures.chunk;
import static dev.recall4j.budget.Fixtures.memory;
import static dev.recall4j.budget.Fixtures.pinned;
import static dev.recall4j.budget.PackerTest.assertMessage;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.Kind;
import dev.recall4j.core.ScoredRecord;
import java.util.List;
import org.junit.jupiter.api.Test;

class RenderersTest {
  private final ScoredRecord profile = pinned("p", Kind.WORKSPACE_PROFILE, "Monorepo \"acme\".");
  private final ScoredRecord tool = memory("t", Kind.TOOL_USE, "Tests", "Use -pl.", 0.91234);
  private final ScoredRecord doc = chunk("c", "docs/a.md", 2, "Line one.\nLine two.", 0.5);

  private List<Renderer.Entry> entries() {
    return List.of(Renderer.Entry.of(profile, true), Renderer.Entry.of(tool, false), Renderer.Entry.of(doc, false));
  }

  @Test
  void tagBlock() {
    assertEquals(
        """
        <memory-context>
        [workspace profile]
        - Monorepo "acme".
        [relevant experience]
        - tool_use: Tests. Use -pl.
        [knowledge]
        - (docs/a.md#2) Line one.
          Line two.
        </memory-context>""",
        Renderers.memoryContextTag().render(entries()));
  }

  @Test
  void json() {
    assertEquals(
        """
        [
        {"id":"p","section":"workspace profile","silo":"memory","kind":"workspace_profile","text":"Monorepo \\"acme\\"."},
        {"id":"t","section":"relevant experience","silo":"memory","kind":"tool_use","title":"Tests","text":"Use -pl."},
        {"id":"c","section":"knowledge","silo":"rag","kind":"rag_chunk","origin":"docs/a.md#2","text":"Line one.\\nLine two."}
        ]""",
        Renderers.json().render(entries()));
  }

  @Test
  void display() {
    String out = Renderers.display().render(entries());
    assertEquals(
        """
        == workspace profile ==
          pinned  p  memory/workspace_profile
                  Monorepo "acme".
        == relevant experience ==
          0.9123  t  memory/tool_use
                  Tests: Use -pl.
        == knowledge ==
          0.5000  c  rag/rag_chunk  docs/a.md#2
                  Line one.
                  Line two.
        """,
        out);
  }

  @Test
  void emptyRendersEmpty() {
    for (String name : Renderers.NAMES) {
      assertEquals("", Renderers.byName(name).render(List.of()));
      assertEquals(name, Renderers.byName(name).name());
    }
    assertMessage("renderer", () -> Renderers.byName("xml"));
    assertTrue(Renderers.byName("TAG") == Renderers.memoryContextTag());
  }

  @Test
  void naiveBaselineCutsTheStringAtTheBudget() {
    NaivePacker naive = new NaivePacker(TokenCounters.cl100k(), Renderers.memoryContext(), 2);
    List<ScoredRecord> ranked = List.of(
        chunk("a", "a.md", 0, Fixtures.sentences("Alpha", 20), 0.9),
        chunk("b", "b.md", 0, Fixtures.sentences("Beta", 20), 0.8),
        chunk("c", "c.md", 0, "Gamma.", 0.7));
    PackedContext packed = naive.pack(List.of(), ranked, 300);
    assertTrue(packed.tokensUsed() <= 300 && packed.tokensUsed() >= 295, "used " + packed.tokensUsed());
    assertEquals(List.of("a", "b"), packed.items().stream().map(i -> i.record().id()).toList());
    assertTrue(packed.items().get(1).truncated());
    assertEquals("beyond the top 2", packed.dropped().get(0).detail());
    assertEquals("", naive.pack(List.of(), ranked, 0).context());
    assertMessage("topK", () -> new NaivePacker(TokenCounters.cl100k(), Renderers.json(), 0));
  }
}
