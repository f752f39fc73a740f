package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.Embedder;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * embedder.background: saves return before embedding; the queue is the index and survives a stop.
 */
class BackgroundEmbeddingTest {
  @TempDir Path workspace;

  /** Blocks document embedding until released: lets a test observe the queue. */
  static final class GatedEmbedder implements Embedder {
    final HashingEmbedder inner = new HashingEmbedder(8);
    final CountDownLatch gate = new CountDownLatch(1);

    @Override
    public String modelId() {
      return inner.modelId();
    }

    @Override
    public int dimension() {
      return inner.dimension();
    }

    @Override
    public float[] embedQuery(String query) {
      return inner.embedQuery(query);
    }

    @Override
    public List<float[]> embedDocuments(List<String> texts) {
      try {
        gate.await(20, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return inner.embedDocuments(texts);
    }
  }

  EngineConfig config() {
    return EngineConfig.builder(workspace).embedInBackground(true).build();
  }

  @Test
  void saveReturnsLexicallySearchableAndTheWorkerAddsTheVector() throws Exception {
    GatedEmbedder embedder = new GatedEmbedder();
    try (RecallEngine engine = RecallEngine.open(config(), embedder, RecallEngineTest.CLOCK)) {
      engine.saveAll(RecallEngineTest.threeSilos());
      MemoryRecord tool = engine.get(RecallEngineTest.SCOPE, "tool").orElseThrow();
      assertNull(tool.vector(), "saved before it was embedded");
      assertTrue(
          engine.status(RecallEngineTest.SCOPE).withoutVector() >= 6,
          "status shows the waiting records");
      assertTrue(
          engine
              .recall(
                  RecallRequest.builder("NullPointerException")
                      .scope(RecallEngineTest.SCOPE)
                      .build())
              .items()
              .stream()
              .anyMatch(i -> i.record().id().equals("tool")),
          "lexically searchable at once");
      embedder.gate.countDown();
      long deadline = System.nanoTime() + 20_000_000_000L;
      while (engine.status(RecallEngineTest.SCOPE).withoutVector() > 0
          && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      assertEquals(0, engine.status(RecallEngineTest.SCOPE).withoutVector());
      assertEquals(
          "hashing-8", engine.get(RecallEngineTest.SCOPE, "tool").orElseThrow().embeddingModel());
    }
  }

  @Test
  void recordsLeftWithoutAVectorAreEmbeddedAfterTheNextOpen()
      throws IOException, InterruptedException {
    // The first engine's worker dies on every batch (a model that cannot load), as if the process
    // had stopped before embedding: the records stay in the index without a vector.
    HashingEmbedder model = new HashingEmbedder(8);
    Embedder broken =
        new Embedder() {
          @Override
          public String modelId() {
            return model.modelId();
          }

          @Override
          public int dimension() {
            return model.dimension();
          }

          @Override
          public float[] embedQuery(String query) {
            return model.embedQuery(query);
          }

          @Override
          public List<float[]> embedDocuments(List<String> texts) {
            throw new IllegalStateException("model failed to load");
          }
        };
    try (RecallEngine first = RecallEngine.open(config(), broken, RecallEngineTest.CLOCK)) {
      first.saveAll(RecallEngineTest.threeSilos());
    }
    try (RecallEngine engine =
        RecallEngine.open(
            config().toBuilder().embedInBackground(false).build(), null, RecallEngineTest.CLOCK)) {
      assertEquals(
          6,
          engine.status(RecallEngineTest.SCOPE).withoutVector(),
          "nothing was embedded before the stop");
    }

    try (RecallEngine engine =
        RecallEngine.open(config(), new HashingEmbedder(8), RecallEngineTest.CLOCK)) {
      long deadline = System.nanoTime() + 20_000_000_000L;
      while (engine.status(RecallEngineTest.SCOPE).withoutVector() > 0
          && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      assertEquals(
          0,
          engine.status(RecallEngineTest.SCOPE).withoutVector(),
          "the queue survived and drained on open");
      assertEquals(8, engine.get(RecallEngineTest.SCOPE, "obs").orElseThrow().dimension());
    }
  }
}
