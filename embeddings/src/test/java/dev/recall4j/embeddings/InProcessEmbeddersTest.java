package dev.recall4j.embeddings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.Embedder;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The real ONNX models, loaded offline from the langchain4j jars: one test per model. */
class InProcessEmbeddersTest {
  @ParameterizedTest
  @ValueSource(strings = {"all-minilm-l6-v2-q", "bge-small-en-v15-q"})
  void unitVectorsThatRankAParaphraseAboveAnUnrelatedSentence(String name) {
    Embedder closed;
    try (Embedder embedder = Embedders.inProcess(name)) {
      closed = embedder;
      assertEquals(name, embedder.modelId());
      assertEquals(384, embedder.dimension());

      float[] query = embedder.embedQuery("How do I make the build stop failing on Java 25?");
      List<float[]> documents =
          embedder.embedDocuments(
              List.of(
                  "The Maven build breaks under JDK 25; pin the toolchain to fix the compilation.",
                  "My grandmother bakes apple pie every Sunday afternoon."));
      assertEquals(2, documents.size());
      for (float[] v : List.of(query, documents.get(0), documents.get(1))) {
        assertEquals(384, v.length);
        assertEquals(1.0, dot(v, v), 1e-4);
      }
      double paraphrase = dot(query, documents.get(0));
      double unrelated = dot(query, documents.get(1));
      assertTrue(paraphrase > unrelated + 0.1, paraphrase + " vs " + unrelated);

      // The query convention: a query is the document "instruction + query".
      String instruction = InProcessModel.named(name).queryInstruction;
      assertArrayEquals(
          embedder.embedDocuments(List.of(instruction + "retrieval")).get(0),
          embedder.embedQuery("retrieval"),
          1e-5f);
      assertEquals(name.startsWith("bge"), !instruction.isEmpty());
    }
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> closed.embedQuery("after close"));
    assertTrue(e.getMessage().contains("is closed"), e.getMessage());
  }

  @Test
  void unknownNameListsTheChoices() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Embedders.inProcess("bert-base"));
    assertTrue(e.getMessage().startsWith("embedder.model:"), e.getMessage());
    assertTrue(e.getMessage().contains("\"bert-base\""), e.getMessage());
    assertTrue(e.getMessage().contains("[all-minilm-l6-v2-q, bge-small-en-v15-q]"), e.getMessage());
    assertEquals(List.of("all-minilm-l6-v2-q", "bge-small-en-v15-q"), Embedders.inProcessModels());
    assertTrue(Embedders.inProcessModels().contains(Embedders.DEFAULT_MODEL));
  }

  private static double dot(float[] a, float[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += a[i] * b[i];
    }
    return s;
  }
}
