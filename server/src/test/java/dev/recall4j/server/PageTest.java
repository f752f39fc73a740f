package dev.recall4j.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.budget.TokenCounters;
import dev.recall4j.core.Checks;
import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.TokenCounter;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The records of one answer within a token ceiling, the first one cut rather than dropped. */
class PageTest {
  private static final TokenCounter TOKENS = TokenCounters.cl100k();

  private static MemoryRecord record(String id, String content) {
    return MemoryRecord.builder()
        .id(id)
        .silo(Silo.MEMORY)
        .kind(Kind.PROJECT_FACT)
        .scope(Scope.of("default"))
        .title("Tides")
        .content(content)
        .build(Instant.EPOCH);
  }

  @Test
  void recordsAreAddedWhileTheyFitAndTheTextSaysHowToGetMore() {
    Page page = new Page(60, TOKENS);
    assertTrue(page.add(record("a", "The ferry leaves at nine."), 0.5));
    assertTrue(page.add(record("b", "The tide turns at noon."), null));
    assertFalse(page.add(record("c", "word ".repeat(60)), null));
    assertEquals(2, page.size());
    assertEquals(
        "[a] memory/project_fact score 0.5000 — Tides\nThe ferry leaves at nine.\n\n"
            + "[b] memory/project_fact — Tides\nThe tide turns at noon.\n\n"
            + "(more: pass cursor 2)",
        page.text("2"));
    assertFalse(page.shown().get(0).truncated());
    assertEquals("no records", new Page(60, TOKENS).text(null));
  }

  @Test
  void aFirstRecordLargerThanTheCeilingIsCutAtABoundaryAndMarked() {
    Page page = new Page(40, TOKENS);
    assertTrue(page.add(record("big", "The tide turns at noon. ".repeat(200)), null));
    Page.Shown shown = page.shown().get(0);
    assertTrue(shown.truncated());
    assertTrue(shown.content().endsWith("noon. […]"), shown.content());
    assertTrue(TOKENS.count(page.text(null)) <= 40, page.text(null));
    assertFalse(page.add(record("next", "Short."), null));
  }

  /** The server's own cutter halved the content and could split a surrogate pair. */
  @Test
  void anEmojiAtTheCutIsNeverSplit() {
    for (int ceiling = 20; ceiling < 60; ceiling++) {
      Page page = new Page(ceiling, TOKENS);
      page.add(record("emoji", "\uD83C\uDF0A".repeat(3000)), null);
      String content = page.shown().get(0).content();
      assertTrue(page.shown().get(0).truncated());
      assertEquals(-1, Checks.loneSurrogate(content), ceiling + ": " + content);
      assertTrue(TOKENS.count(page.text(null)) <= ceiling, ceiling + ": " + page.text(null));
    }
  }
}
