package dev.recall4j.embeddings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.recall4j.core.Embedder;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Contract tests of the Ollama embedder against a fake server on the loopback interface. */
class OllamaEmbedderTest {
  /** No failure mode may block a caller longer than this, whatever the server does. */
  private static final Duration NEVER_HANG = Duration.ofSeconds(8);

  private FakeOllama server;

  @BeforeEach
  void start() throws IOException {
    server = new FakeOllama();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private OllamaOptions.Builder options(String model) {
    return OllamaOptions.builder(model).host(server.uri()).timeout(Duration.ofSeconds(3));
  }

  /** Answers each input with a vector whose first component is the input's length. */
  private static FakeOllama.Handler echoLengths(int dimension) {
    return request -> {
      List<float[]> vectors = new ArrayList<>();
      for (JsonNode input : request.path("input")) {
        float[] v = new float[dimension];
        v[0] = input.asText().length();
        v[1] = 1;
        vectors.add(v);
      }
      return FakeOllama.Answer.ok(FakeOllama.embedBody(request.path("model").asText(), vectors));
    };
  }

  @Test
  void embedsQueriesAndDocumentsWithPrefixesInBatchesAndOrder() {
    server.on("/api/embed", echoLengths(4));
    try (Embedder embedder = Embedders.ollama(options("nomic-embed-text").batchSize(2).build())) {
      List<String> texts = List.of("a", "bb", "ccc", "dddd", "eeeee");
      List<float[]> vectors = embedder.embedDocuments(texts);

      assertEquals(5, vectors.size());
      for (int i = 0; i < texts.size(); i++) {
        float first = ("search_document: " + texts.get(i)).length();
        double norm = Math.sqrt(first * first + 1);
        assertArrayEquals(
            new float[] {(float) (first / norm), (float) (1 / norm), 0, 0}, vectors.get(i), 1e-6f);
      }
      List<JsonNode> requests = server.requests();
      assertEquals(3, requests.size(), "5 texts in batches of 2");
      assertEquals("nomic-embed-text", requests.get(0).path("model").asText());
      assertEquals("search_document: a", requests.get(0).path("input").get(0).asText());
      assertEquals(1, requests.get(2).path("input").size());

      float[] query = embedder.embedQuery("why");
      assertEquals("search_query: why", requests.get(3).path("input").get(0).asText());
      assertEquals(1.0, norm(query), 1e-5);
      assertEquals(4, embedder.dimension());
      assertEquals("ollama:nomic-embed-text", embedder.modelId());
    }
  }

  @Test
  void dimensionProbesTheServerWhenAskedFirst() {
    server.on("/api/embed", echoLengths(3));
    try (Embedder embedder = Embedders.ollama(options("all-minilm").build())) {
      assertEquals(3, embedder.dimension());
      assertEquals(1, server.requests().size());
      assertEquals(3, embedder.dimension());
      assertEquals(1, server.requests().size(), "dimension is learned once");
    }
  }

  @Test
  void unknownModelSaysToPullIt() {
    server.on(
        "/api/embed",
        request ->
            new FakeOllama.Answer(
                404, "{\"error\":\"model \\\"x\\\" not found, try pulling it first\"}", 0));
    try (Embedder embedder = Embedders.ollama(options("x").build())) {
      EmbeddingException e =
          assertTimeoutPreemptively(
              NEVER_HANG,
              () -> assertThrows(EmbeddingException.class, () -> embedder.embedQuery("q")));
      assertTrue(e.getMessage().contains("ollama pull x"), e.getMessage());
      assertTrue(e.getMessage().contains(server.uri().toString()), e.getMessage());
      assertTrue(e.getMessage().contains("model \"x\" not found"), e.getMessage());
    }
  }

  @Test
  void slowServerTimesOutAtTheConfiguredLimit() {
    server.on(
        "/api/embed",
        request ->
            new FakeOllama.Answer(
                200, FakeOllama.embedBody("m", List.of(new float[] {1})), 30_000));
    try (Embedder embedder =
        Embedders.ollama(options("slow").timeout(Duration.ofMillis(300)).build())) {
      long start = System.nanoTime();
      EmbeddingException e =
          assertTimeoutPreemptively(
              NEVER_HANG,
              () ->
                  assertThrows(
                      EmbeddingException.class, () -> embedder.embedDocuments(List.of("t"))));
      long millis = (System.nanoTime() - start) / 1_000_000;
      assertTrue(millis >= 300 && millis < 3_000, "timed out after " + millis + " ms");
      assertTrue(e.getMessage().contains("did not answer within 300 ms"), e.getMessage());
      assertTrue(e.getMessage().contains("ollama.timeout"), e.getMessage());
    }
  }

  @Test
  void refusedConnectionSaysToStartTheServer() throws IOException {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closedPort = socket.getLocalPort();
    }
    URI host = URI.create("http://127.0.0.1:" + closedPort);
    try (Embedder embedder =
        Embedders.ollama(
            OllamaOptions.builder("m").host(host).timeout(Duration.ofSeconds(2)).build())) {
      EmbeddingException e =
          assertTimeoutPreemptively(
              NEVER_HANG,
              () -> assertThrows(EmbeddingException.class, () -> embedder.embedQuery("q")));
      assertTrue(e.getMessage().startsWith("cannot connect to Ollama at " + host), e.getMessage());
      assertTrue(e.getMessage().contains("ollama serve"), e.getMessage());
    }
  }

  @Test
  void aChangedDimensionIsRefused() {
    AtomicInteger calls = new AtomicInteger();
    server.on(
        "/api/embed",
        request -> {
          int dimension = calls.incrementAndGet() == 1 ? 3 : 4;
          return echoLengths(dimension).answer(request);
        });
    try (Embedder embedder = Embedders.ollama(options("m").build())) {
      assertEquals(3, embedder.embedQuery("first").length);
      EmbeddingException e =
          assertThrows(EmbeddingException.class, () -> embedder.embedDocuments(List.of("second")));
      assertTrue(e.getMessage().contains("4 components, expected 3"), e.getMessage());
    }
  }

  @Test
  void mismatchedVectorsInOneAnswerAreRefused() {
    server.on(
        "/api/embed",
        request ->
            FakeOllama.Answer.ok(
                FakeOllama.embedBody("m", List.of(new float[] {1, 0, 0}, new float[] {1, 0}))));
    try (Embedder embedder = Embedders.ollama(options("m").build())) {
      assertThrows(EmbeddingException.class, () -> embedder.embedDocuments(List.of("a", "b")));
    }
  }

  @Test
  void anEmptyEmbeddingListIsRefused() {
    server.on("/api/embed", request -> FakeOllama.Answer.ok(FakeOllama.embedBody("m", List.of())));
    try (Embedder embedder = Embedders.ollama(options("m").build())) {
      EmbeddingException e =
          assertThrows(EmbeddingException.class, () -> embedder.embedDocuments(List.of("a", "b")));
      assertTrue(e.getMessage().contains("returned 0 embeddings for 2 texts"), e.getMessage());
      assertTrue(e.getMessage().contains(server.uri().toString()), e.getMessage());
    }
  }

  @Test
  void serverErrorsCarryTheServersWords() {
    server.on(
        "/api/embed", request -> new FakeOllama.Answer(500, "{\"error\":\"out of memory\"}", 0));
    try (Embedder embedder = Embedders.ollama(options("m").build())) {
      EmbeddingException e = assertThrows(EmbeddingException.class, () -> embedder.embedQuery("q"));
      assertTrue(e.getMessage().endsWith("failed to embed: out of memory"), e.getMessage());
    }
  }

  @Test
  void blankTextsAreRejectedBeforeAnyRequest() {
    try (Embedder embedder = Embedders.ollama(options("m").build())) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class, () -> embedder.embedDocuments(List.of("a", " ")));
      assertTrue(e.getMessage().startsWith("texts[1]:"), e.getMessage());
      assertThrows(IllegalArgumentException.class, () -> embedder.embedQuery(""));
      assertEquals(0, server.requests().size());
    }
  }

  @Test
  void aClosedEmbedderSaysSo() {
    Embedder embedder = Embedders.ollama(options("m").build());
    embedder.close();
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> embedder.embedQuery("q"));
    assertTrue(e.getMessage().contains("is closed"), e.getMessage());
  }

  private static double norm(float[] v) {
    double s = 0;
    for (float x : v) {
      s += x * x;
    }
    return Math.sqrt(s);
  }
}
