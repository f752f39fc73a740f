package dev.recall4j.embeddings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.time.Duration;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** /api/show contract tests against a fake server on the loopback interface. */
class OllamaModelsTest {
  /** An abridged /api/show answer of llama3.2:1b, in Ollama's documented shape. */
  private static final String LLAMA_SHOW =
      """
      {"modelfile":"FROM llama3.2:1b","parameters":"%s","template":"{{ .Prompt }}",
       "details":{"parent_model":"","format":"gguf","family":"llama","families":["llama"],
                  "parameter_size":"1.2B","quantization_level":"Q8_0"},
       "model_info":{"general.architecture":"llama","general.parameter_count":1235814432,
                     "llama.attention.head_count":32,"llama.context_length":131072,
                     "llama.embedding_length":2048},
       "capabilities":["completion"]}
      """;

  private FakeOllama server;

  @BeforeEach
  void start() throws IOException {
    server = new FakeOllama();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private OllamaOptions options(Duration timeout) {
    return OllamaOptions.builder("llama3.2:1b").host(server.uri()).timeout(timeout).build();
  }

  @Test
  void readsTheArchitecturesContextLength() {
    server.on(
        "/api/show",
        request -> FakeOllama.Answer.ok(LLAMA_SHOW.formatted("stop \\\"<|eot_id|>\\\"")));
    assertEquals(
        OptionalInt.of(131072), OllamaModels.contextLength(options(Duration.ofSeconds(3))));
    assertEquals("llama3.2:1b", server.requests().get(0).path("model").asText());
  }

  @Test
  void aSmallerNumCtxInTheModelfileWins() {
    server.on(
        "/api/show",
        request ->
            FakeOllama.Answer.ok(LLAMA_SHOW.formatted("num_ctx 4096\\nstop \\\"<|eot_id|>\\\"")));
    assertEquals(OptionalInt.of(4096), OllamaModels.contextLength(options(Duration.ofSeconds(3))));
  }

  @Test
  void unknownModelGivesEmpty() {
    server.on(
        "/api/show",
        request -> new FakeOllama.Answer(404, "{\"error\":\"model 'x' not found\"}", 0));
    assertEquals(OptionalInt.empty(), OllamaModels.contextLength(options(Duration.ofSeconds(3))));
  }

  @Test
  void slowServerGivesEmptyWithinTheTimeout() {
    server.on("/api/show", request -> new FakeOllama.Answer(200, LLAMA_SHOW.formatted(""), 30_000));
    OptionalInt length =
        assertTimeoutPreemptively(
            Duration.ofSeconds(5),
            () -> OllamaModels.contextLength(options(Duration.ofMillis(300))));
    assertEquals(OptionalInt.empty(), length);
  }

  @Test
  void garbageGivesEmpty() {
    server.on("/api/show", request -> FakeOllama.Answer.ok("<html>proxy error</html>"));
    assertEquals(OptionalInt.empty(), OllamaModels.contextLength(options(Duration.ofSeconds(3))));
  }

  @Test
  void parsingRules() throws IOException {
    assertEquals(OptionalInt.of(2048), parse("{\"model_info\":{\"bert.context_length\":2048}}"));
    assertEquals(OptionalInt.of(8192), parse("{\"parameters\":\"num_ctx 8192\"}"));
    assertEquals(
        OptionalInt.of(512),
        parse(
            "{\"parameters\":\"num_ctx 8192\",\"model_info\":{\"general.architecture\":\"bert\","
                + "\"bert.context_length\":512}}"));
    assertEquals(
        OptionalInt.empty(), parse("{\"model_info\":{\"general.architecture\":\"bert\"}}"));
    assertEquals(OptionalInt.empty(), parse("{\"model_info\":{\"bert.context_length\":0}}"));
  }

  private static OptionalInt parse(String json) throws IOException {
    JsonNode show = OllamaErrors.JSON.readTree(json);
    return OllamaModels.contextLength(show);
  }
}
