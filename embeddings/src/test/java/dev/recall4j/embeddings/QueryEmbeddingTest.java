package dev.recall4j.embeddings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.Embedder;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class QueryEmbeddingTest {
  private final ExecutorService executor = Executors.newFixedThreadPool(2);

  @AfterEach
  void stop() {
    executor.shutdownNow();
  }

  @Test
  void aFastEmbedderAnswersWithinTheDeadline() {
    CountingEmbedder model = new CountingEmbedder("m");
    QueryEmbedding embedding = new QueryEmbedding(model, executor);
    Optional<float[]> vector = embedding.embed("q", Duration.ofSeconds(5));
    assertArrayEquals(model.vectorOf("q"), vector.orElseThrow());
  }

  @Test
  void beginStartsTheModelBeforeAnyoneWaitsSoTheCallerCanWorkMeanwhile() throws Exception {
    CountingEmbedder model = new CountingEmbedder("m", 100);
    QueryEmbedding embedding = new QueryEmbedding(model, executor);

    QueryEmbedding.Pending pending = embedding.begin("q");
    long until = System.nanoTime() + Duration.ofSeconds(5).toNanos();
    while (model.queries.get() == 0 && System.nanoTime() < until) {
      Thread.sleep(5);
    }
    assertEquals(1, model.queries.get(), "the model runs without a waiter");
    assertArrayEquals(model.vectorOf("q"), pending.await(Duration.ofSeconds(5)).orElseThrow());
    assertThrows(IllegalArgumentException.class, () -> pending.await(Duration.ofMillis(-1)));
  }

  @Test
  void aSlowEmbedderMissesTheDeadlineAndTheLateVectorWarmsTheCache() throws Exception {
    CountingEmbedder slow = new CountingEmbedder("slow", 400);
    Embedder cached = Embedders.cached(slow, 16);
    QueryEmbedding embedding = new QueryEmbedding(cached, executor);

    long start = System.nanoTime();
    Optional<float[]> missed = embedding.embed("q", Duration.ofMillis(50));
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertTrue(missed.isEmpty());
    assertTrue(millis < 300, "returned after " + millis + " ms");

    // A second ask while the first is still computing joins it instead of starting another.
    assertTrue(embedding.embed("q", Duration.ofMillis(10)).isEmpty());
    assertEquals(1, embedding.pending());

    long until = System.nanoTime() + Duration.ofSeconds(5).toNanos();
    while (embedding.pending() > 0 && System.nanoTime() < until) {
      Thread.sleep(10);
    }
    Optional<float[]> warm = embedding.embed("q", Duration.ZERO);
    assertArrayEquals(slow.vectorOf("q"), warm.orElseThrow());
    assertEquals(1, slow.queries.get());
  }

  @Test
  void aSlowOllamaAnswersLateIntoTheCache() throws Exception {
    try (FakeOllama server = new FakeOllama()) {
      server.on(
          "/api/embed",
          request ->
              new FakeOllama.Answer(
                  200, FakeOllama.embedBody("m", List.of(new float[] {3, 4})), 600));
      OllamaOptions options =
          OllamaOptions.builder("m").host(server.uri()).timeout(Duration.ofSeconds(5)).build();
      try (Embedder cached = Embedders.cached(Embedders.ollama(options), 16)) {
        QueryEmbedding embedding = new QueryEmbedding(cached, executor);
        long start = System.nanoTime();
        assertTrue(embedding.embed("q", Duration.ofMillis(100)).isEmpty());
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis < 400, "returned after " + millis + " ms");

        long until = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (embedding.pending() > 0 && System.nanoTime() < until) {
          Thread.sleep(10);
        }
        assertArrayEquals(
            new float[] {0.6f, 0.8f}, embedding.embed("q", Duration.ZERO).orElseThrow(), 1e-6f);
        assertEquals(1, server.requests().size());
      }
    }
  }

  @Test
  void ifReadyNeverWaitsAndGivesOnlyAVectorThatIsThere() throws Exception {
    CountingEmbedder slow = new CountingEmbedder("slow", 300);
    QueryEmbedding embedding = new QueryEmbedding(Embedders.cached(slow, 16), executor);
    QueryEmbedding.Pending running = embedding.begin("q");
    long start = System.nanoTime();
    assertTrue(running.ifReady().isEmpty(), "the model is still running");
    assertTrue(System.nanoTime() - start < Duration.ofMillis(200).toNanos(), "did not wait");
    running.await(Duration.ofSeconds(5)).orElseThrow();
    assertArrayEquals(slow.vectorOf("q"), running.ifReady().orElseThrow());
    assertArrayEquals(slow.vectorOf("q"), embedding.begin("q").ifReady().orElseThrow(), "cached");

    QueryEmbedding failing =
        new QueryEmbedding(
            new CountingEmbedder("broken") {
              @Override
              public float[] embedQuery(String query) {
                throw new EmbeddingException("the model is gone");
              }
            },
            Runnable::run);
    QueryEmbedding.Pending failed = failing.begin("q");
    assertTrue(failed.ifReady().isEmpty(), "a failure is no vector");
    assertThrows(EmbeddingException.class, () -> failed.await(Duration.ZERO), "await says why");
  }

  @Test
  void aFailingEmbedderGivesItsError() {
    Embedder broken =
        new CountingEmbedder("broken") {
          @Override
          public float[] embedQuery(String query) {
            throw new EmbeddingException("cannot connect to Ollama at http://127.0.0.1:1");
          }
        };
    QueryEmbedding embedding = new QueryEmbedding(broken, executor);
    EmbeddingException e =
        assertThrows(EmbeddingException.class, () -> embedding.embed("q", Duration.ofSeconds(5)));
    assertTrue(e.getMessage().startsWith("cannot connect"), e.getMessage());
    assertEquals(0, embedding.pending());
  }

  @Test
  void aRejectingExecutorMeansNoVector() {
    QueryEmbedding embedding =
        new QueryEmbedding(
            new CountingEmbedder("m"),
            task -> {
              throw new RejectedExecutionException("full");
            });
    assertTrue(embedding.embed("q", Duration.ofSeconds(1)).isEmpty());
    assertEquals(0, embedding.pending());
  }

  @Test
  void badArgumentsNameTheField() {
    QueryEmbedding embedding = new QueryEmbedding(new CountingEmbedder("m"), executor);
    for (var bad :
        List.<Runnable>of(
            () -> embedding.embed(" ", Duration.ZERO),
            () -> embedding.embed("q", null),
            () -> embedding.embed("q", Duration.ofMillis(-1)))) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, bad::run);
      assertTrue(e.getMessage().startsWith("query:") || e.getMessage().startsWith("deadline:"));
    }
  }
}
