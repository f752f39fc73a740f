package dev.recall4j.core.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

/** The refusal of an index built with other vectors says what it holds and how to go on. */
class IndexModelMismatchExceptionTest {
  @Test
  void anotherModelIsNamedWithTheCommandThatReembeds() {
    assertEquals(
        "index /data/index was built with embedding model all-minilm-l6-v2 (dimension 384) but is"
            + " opened with model bge-small (dimension 384); run `bin/recall4j reindex --index"
            + " /data/index` to re-embed it with the configured model, or configure"
            + " all-minilm-l6-v2 again",
        new IndexModelMismatchException("/data/index", "all-minilm-l6-v2", 384, "bge-small", 384)
            .getMessage());
  }

  @Test
  void aLexicalIndexIsCalledSoNotAModelNamedNull() {
    String message =
        new IndexModelMismatchException("cluster recall4j", null, 0, "bge-small", 384).getMessage();
    assertEquals(
        "index cluster recall4j was built without vectors (lexical only) but is opened with model"
            + " bge-small (dimension 384); run `bin/recall4j reindex --index cluster recall4j` to"
            + " embed it with the configured model, or set `embedder.provider: none` to read it"
            + " lexically",
        message);
    assertFalse(message.contains("null"), message);
  }

  @Test
  void anUnnamedModelIsKnownByItsDimension() {
    assertEquals(
        "index i was built with embedding model (unnamed) (dimension 16) but is opened with model"
            + " (unnamed) (dimension 32); run `bin/recall4j reindex --index i` to re-embed it with"
            + " the configured model, or configure a model of dimension 16 again",
        new IndexModelMismatchException("i", null, 16, null, 32).getMessage());
  }
}
