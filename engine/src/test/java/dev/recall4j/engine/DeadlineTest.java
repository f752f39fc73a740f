package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.Embedder;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.RecallResult;
import dev.recall4j.core.RetrievalMode;
import dev.recall4j.embeddings.EmbeddingException;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Recall never waits on a model: a slow or failing embedder gives a lexical answer in time. */
class DeadlineTest {
  @TempDir Path workspace;

  /** Embeds documents at once and queries slowly (or not at all) once {@code slow} is set. */
  static final class SlowQueries implements Embedder {
    final HashingEmbedder inner = new HashingEmbedder(16);
    final AtomicBoolean slow = new AtomicBoolean();
    final AtomicBoolean failing = new AtomicBoolean();

    @Override
    public String modelId() {
      return inner.modelId();
    }

    @Override
    public int dimension() {
      return inner.dimension();
    }

    @Override
    public List<float[]> embedDocuments(List<String> texts) {
      return inner.embedDocuments(texts);
    }

    @Override
    public float[] embedQuery(String query) {
      if (failing.get()) {
        throw new EmbeddingException(
            "cannot connect to Ollama at http://127.0.0.1:1 (is `ollama serve` running?)");
      }
      if (slow.get()) {
        try {
          Thread.sleep(1_000);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      return inner.embedQuery(query);
    }
  }

  @Test
  void aSlowEmbedderGivesALexicalAnswerWithinTheDeadlineAndTheLateVectorWarmsTheCache()
      throws Exception {
    SlowQueries embedder = new SlowQueries();
    EngineConfig config = EngineConfig.builder(workspace).deadline(Duration.ofMillis(100)).build();
    try (RecallEngine engine = RecallEngine.open(config, embedder, RecallEngineTest.CLOCK)) {
      engine.saveAll(RecallEngineTest.threeSilos());
      embedder.slow.set(true);
      RecallRequest request =
          RecallRequest.builder("NullPointerException TideTable")
              .scope(RecallEngineTest.SCOPE)
              .build();
      long start = System.nanoTime();
      RecallResult first = engine.recall(request);
      double millis = (System.nanoTime() - start) / 1e6;
      assertEquals("lexical (embedder timeout)", first.retrieval().describe());
      assertFalse(first.items().isEmpty(), "the lexical path still answers");
      assertTrue(millis < 900, "returned before the 1 s embedding finished: " + millis + " ms");

      Thread.sleep(1_300);
      RecallResult second = engine.recall(request);
      assertEquals("hybrid", second.retrieval().describe(), "the late vector was cached");
    }
  }

  @Test
  void aFailingEmbedderGivesALexicalAnswerAndSaysWhy() throws IOException {
    SlowQueries embedder = new SlowQueries();
    try (RecallEngine engine =
        RecallEngine.open(
            EngineConfig.builder(workspace).build(), embedder, RecallEngineTest.CLOCK)) {
      engine.saveAll(RecallEngineTest.threeSilos());
      embedder.failing.set(true);
      RecallResult result =
          engine.recall(RecallRequest.builder("TideTable").scope(RecallEngineTest.SCOPE).build());
      assertEquals(
          RetrievalMode.Kind.LEXICAL_EMBEDDER_ERROR,
          result.retrieval().kind(),
          result.retrieval().describe());
      assertTrue(
          result.retrieval().detail().startsWith("cannot connect to Ollama"),
          result.retrieval().describe());
      assertFalse(result.items().isEmpty());
      assertTrue(
          result.warnings().contains(result.retrieval().describe()), result.warnings().toString());
    }
  }
}
