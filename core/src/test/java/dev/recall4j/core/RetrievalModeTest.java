package dev.recall4j.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class RetrievalModeTest {
  @Test
  void printsTheTextReportsAndJsonHaveAlwaysShown() {
    assertEquals("hybrid", RetrievalMode.HYBRID.toString());
    assertEquals("lexical (no embedder)", RetrievalMode.LEXICAL_NO_EMBEDDER.describe());
    assertEquals("lexical (embedder timeout)", RetrievalMode.LEXICAL_EMBEDDER_TIMEOUT.describe());
    assertEquals(
        "lexical (embedder error: connection refused)",
        RetrievalMode.embedderError("connection refused").describe());
    assertEquals("pinned only (empty query)", RetrievalMode.PINNED_ONLY.describe());
  }

  @Test
  void onlyAnEmbedderErrorCarriesADetail() {
    assertEquals("connection refused", RetrievalMode.embedderError("connection refused").detail());
    assertThrows(
        IllegalArgumentException.class, () -> new RetrievalMode(RetrievalMode.Kind.HYBRID, "x"));
    assertThrows(
        IllegalArgumentException.class,
        () -> new RetrievalMode(RetrievalMode.Kind.LEXICAL_EMBEDDER_ERROR, null));
  }

  @Test
  void stagesPrintTheirTimingNamesInRecallOrder() {
    assertEquals(
        List.of("pinned", "lexical", "embed", "vector", "search", "rank", "links", "pack", "total"),
        Arrays.stream(Stage.values()).map(Stage::toString).toList());
  }
}
