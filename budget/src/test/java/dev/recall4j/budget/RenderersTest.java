package dev.recall4j.budget;

import static dev.recall4j.budget.Fixtures.chunk;
import static dev.recall4j.budget.Fixtures.memory;
import static dev.recall4j.budget.Fixtures.pinned;
import static dev.recall4j.budget.PackerTest.assertMessage;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.Kind;
import dev.recall4j.core.PackedContext;
import dev.recall4j.core.ScoredRecord;
import java.util.List;
import org.junit.jupiter.api.Test;

class RenderersTest {
  private final ScoredRecord profile = pinned("p", Kind.WORKSPACE_PROFILE, "Monorepo \"acme\".");
  private final ScoredRecord tool = memory("t", Kind.TOOL_USE, "Tests", "Use -pl.", 0.91234);
  private final ScoredRecord doc = chunk("c", "docs/a.md", 2, "Line one.\nLine two.", 0.5);

  private List<Renderer.Entry> entries() {
    return List.of(
        Renderer.Entry.of(profile, true),
        Renderer.Entry.of(tool, false),
        Renderer.Entry.of(doc, false));
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
  void consecutiveEntriesSharingKindAndTitleAreGroupedUnderOneHeader() {
    ScoredRecord a = memory("a", Kind.TOOL_USE, "8 May 2023, 1:56 pm", "Caroline: Hi.", 0.9);
    ScoredRecord b =
        memory("b", Kind.TOOL_USE, "8 May 2023, 1:56 pm", "Melanie: Hello.\nHow are you?", 0.8);
    ScoredRecord other = memory("o", Kind.WORKFLOW, "8 May 2023, 1:56 pm", "Deploy.", 0.7);
    List<ScoredRecord> titledChunks =
        List.of(chunk("c1", "docs/a.md", 1, "One.", 0.6), chunk("c2", "docs/a.md", 2, "Two.", 0.5))
            .stream()
            .map(c -> new ScoredRecord(c.record().toBuilder().title("Install.").build(), c.score()))
            .toList();
    List<Renderer.Entry> entries =
        List.of(
            Renderer.Entry.of(pinned("p1", Kind.PROJECT_FACT, "Fact one."), true),
            Renderer.Entry.of(a, false),
            Renderer.Entry.of(b, false),
            Renderer.Entry.of(other, false),
            Renderer.Entry.of(titledChunks.get(0), false),
            Renderer.Entry.of(titledChunks.get(1), false));
    assertEquals(
        """
        [memory context]
        [project facts]
        - Fact one.
        [relevant experience]
        - tool_use: 8 May 2023, 1:56 pm:
          - Caroline: Hi.
          - Melanie: Hello.
          How are you?
        - workflow: 8 May 2023, 1:56 pm. Deploy.
        [knowledge]
        - Install.
          - (docs/a.md#1) One.
          - (docs/a.md#2) Two.
        """,
        Renderers.memoryContext().render(entries));
  }

  @Test
  void onlyConsecutiveEntriesAreGroupedAndPinnedNever() {
    ScoredRecord a = memory("a", Kind.TOOL_USE, "Tests", "One.", 0.9);
    ScoredRecord b = memory("b", Kind.TOOL_USE, "Build", "Two.", 0.8);
    ScoredRecord c = memory("c", Kind.TOOL_USE, "Tests", "Three.", 0.7);
    List<Renderer.Entry> entries =
        List.of(
            Renderer.Entry.of(a, false), Renderer.Entry.of(b, false), Renderer.Entry.of(c, false));
    assertEquals(
        """
        [memory context]
        [relevant experience]
        - tool_use: Tests. One.
        - tool_use: Build. Two.
        - tool_use: Tests. Three.
        """,
        Renderers.memoryContext().render(entries));
    ScoredRecord p1 = pinned("p1", Kind.PROJECT_FACT, "Fact one.");
    ScoredRecord p2 = pinned("p2", Kind.PROJECT_FACT, "Fact two.");
    List<ScoredRecord> titled =
        List.of(p1, p2).stream()
            .map(p -> new ScoredRecord(p.record().toBuilder().title("Build").build(), p.score()))
            .toList();
    assertEquals(
        """
        [memory context]
        [project facts]
        - Build: Fact one.
        - Build: Fact two.
        """,
        Renderers.memoryContext()
            .render(titled.stream().map(p -> Renderer.Entry.of(p, true)).toList()));
    assertEquals(null, Renderers.json().groupKey(Renderer.Entry.of(a, false)));
  }

  @Test
  void sourceContextsRenderOnlyWhenTheOptionIsOn() {
    ScoredRecord meeting =
        chunk("m#0", "/vault/meetings/a.md", 0, "Crane fixed.", 0.9)
            .withSourceContext("meeting transcripts");
    ScoredRecord note = chunk("n#0", "/vault/n.md", 0, "Buy rope.", 0.8);
    List<Renderer.Entry> entries =
        List.of(Renderer.Entry.of(meeting, false), Renderer.Entry.of(note, false));
    RenderOptions on = RenderOptions.DEFAULT.withSourceContext(true);
    assertEquals(
        """
        [memory context]
        [knowledge]
        - (/vault/meetings/a.md#0) Crane fixed.
          (source: meeting transcripts)
        - (/vault/n.md#0) Buy rope.
        """,
        Renderers.byName("grouped", on).render(entries));
    assertTrue(
        Renderers.byName("json", on)
            .render(entries)
            .contains("\"source_context\":\"meeting transcripts\",\"text\":\"Crane fixed.\""));
    assertTrue(Renderers.byName("display", on).render(entries).contains("source: meeting"));
    for (String name : Renderers.NAMES) {
      String off = Renderers.byName(name).render(entries);
      assertTrue(!off.contains("meeting transcripts"), name + ": " + off);
    }
  }

  @Test
  void emptyRendersEmpty() {
    for (String name : Renderers.NAMES) {
      assertEquals("", Renderers.byName(name).render(List.of()));
      assertEquals(name, Renderers.byName(name).name());
    }
    assertMessage("renderer", () -> Renderers.byName("html"));
    assertTrue(Renderers.byName("TAG") == Renderers.memoryContextTag());
    assertTrue(Renderers.byName("memory-context") == Renderers.memoryContext());
  }

  @Test
  void theAgentsOwnTagAndHeadings() {
    RenderOptions harvey =
        RenderOptions.DEFAULT
            .withXmlTag("harvey-memory")
            .withHeading(Section.RELEVANT_EXPERIENCE, "experience")
            .withHeading(Section.KNOWLEDGE, "rag");
    assertEquals(
        """
        <harvey-memory>
        [workspace profile]
        - Monorepo "acme".
        [experience]
        - tool_use: Tests. Use -pl.
        [rag]
        - (docs/a.md#2) Line one.
          Line two.
        </harvey-memory>""",
        Renderers.byName("xml", harvey).render(entries()));
    assertTrue(
        Renderers.byName("grouped", harvey.withTitle("recalled"))
            .render(entries())
            .startsWith("[recalled]\n[workspace profile]\n"));
    assertTrue(Renderers.byName("display", harvey).render(entries()).contains("== rag ==\n"));
    assertMessage("xml_tag", () -> RenderOptions.DEFAULT.withXmlTag("memory context"));
    assertMessage(
        "headings.knowledge", () -> RenderOptions.DEFAULT.withHeading(Section.KNOWLEDGE, "a\nb"));
  }

  @Test
  void naiveBaselineCutsTheStringAtTheBudget() {
    NaivePacker naive = new NaivePacker(TokenCounters.cl100k(), Renderers.memoryContext(), 2);
    List<ScoredRecord> ranked =
        List.of(
            chunk("a", "a.md", 0, Fixtures.sentences("Alpha", 20), 0.9),
            chunk("b", "b.md", 0, Fixtures.sentences("Beta", 20), 0.8),
            chunk("c", "c.md", 0, "Gamma.", 0.7));
    PackedContext packed = naive.pack(List.of(), ranked, 300);
    assertTrue(
        packed.tokensUsed() <= 300 && packed.tokensUsed() >= 295, "used " + packed.tokensUsed());
    assertEquals(List.of("a", "b"), packed.items().stream().map(i -> i.record().id()).toList());
    assertTrue(packed.items().get(1).truncated());
    assertEquals("beyond the top 2", packed.dropped().get(0).detail());
    assertEquals("", naive.pack(List.of(), ranked, 0).context());
    // Rank order is kept: entries sharing a title are grouped only when adjacent in the ranking.
    List<ScoredRecord> session =
        List.of(
            memory("t1", Kind.TOOL_USE, "Monday", "One.", 0.9),
            memory("t2", Kind.TOOL_USE, "Tuesday", "Two.", 0.8),
            memory("t3", Kind.TOOL_USE, "Monday", "Three.", 0.7),
            memory("t4", Kind.TOOL_USE, "Monday", "Four.", 0.6));
    PackedContext grouped =
        new NaivePacker(TokenCounters.cl100k(), Renderers.memoryContext(), 4)
            .pack(List.of(), session, 512);
    assertEquals(
        """
        [memory context]
        [relevant experience]
        - tool_use: Monday. One.
        - tool_use: Tuesday. Two.
        - tool_use: Monday:
          - Three.
          - Four.
        """,
        grouped.context());
    assertEquals(
        List.of("t1", "t2", "t3", "t4"),
        grouped.items().stream().map(i -> i.record().id()).toList());
    assertMessage("topK", () -> new NaivePacker(TokenCounters.cl100k(), Renderers.json(), 0));
  }
}
