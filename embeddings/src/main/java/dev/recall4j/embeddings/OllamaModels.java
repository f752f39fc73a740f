package dev.recall4j.embeddings;

import com.fasterxml.jackson.databind.JsonNode;
import dev.recall4j.core.Checks;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Metadata of models served by Ollama.
 *
 * <p>Thread-safe; every call is one HTTP request bounded by {@link OllamaOptions#timeout()}.
 */
public final class OllamaModels {
  private static final Logger LOG = LoggerFactory.getLogger(OllamaModels.class);
  private static final Pattern NUM_CTX = Pattern.compile("(?m)^\\s*num_ctx\\s+(\\d{1,9})\\s*$");

  private OllamaModels() {}

  /**
   * The context length, in tokens, of {@link OllamaOptions#model()}, from {@code POST /api/show}.
   *
   * <p>The model's trained window is {@code model_info["<general.architecture>.context_length"]}
   * (any {@code *.context_length} key when the architecture is missing). When the model's Modelfile
   * sets {@code num_ctx} (the {@code parameters} text), the server runs the model with that window,
   * so the smaller of the two is returned. A model without {@code num_ctx} runs with the server's
   * default window (the {@code OLLAMA_CONTEXT_LENGTH} setting), which the API does not report: the
   * trained window is returned then, and a caller sizing a budget should apply its share to it
   * (recall4j's default share is 0.25).
   *
   * <p>ollama4j's {@code getModelDetails} drops {@code model_info}, so this reads the JSON itself.
   *
   * @return the context length, or empty on any failure (unreachable server, timeout, unknown
   *     model, no context length in the answer); the reason is logged at WARN
   */
  public static OptionalInt contextLength(OllamaOptions options) {
    Checks.notNull(options, "ollama");
    String where = "Ollama at " + options.baseUrl() + " (model " + options.model() + ")";
    try {
      JsonNode show = show(options);
      OptionalInt length = contextLength(show);
      if (length.isEmpty()) {
        LOG.warn(
            "{} reports no context length in /api/show; budget falls back to its default", where);
      }
      return length;
    } catch (TimeoutException e) {
      LOG.warn("{} did not answer /api/show within {} ms", where, options.timeout().toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      LOG.warn("{}: interrupted while asking for the context length", where);
    } catch (IOException | ExecutionException | RuntimeException e) {
      LOG.warn("{}: cannot read the context length from /api/show: {}", where, describe(e));
    }
    return OptionalInt.empty();
  }

  private static JsonNode show(OllamaOptions options)
      throws IOException, InterruptedException, ExecutionException, TimeoutException {
    String body = OllamaErrors.JSON.createObjectNode().put("model", options.model()).toString();
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(options.baseUrl() + "/api/show"))
            .timeout(options.timeout())
            .header("Content-Type", "application/json")
            .header("Accept", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
            .build();
    HttpClient client = HttpClient.newBuilder().connectTimeout(options.timeout()).build();
    CompletableFuture<HttpResponse<String>> call =
        client.sendAsync(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    HttpResponse<String> response;
    try {
      // The request timeout covers the headers only; bound the body as well.
      response = call.get(options.timeout().toNanos(), TimeUnit.NANOSECONDS);
    } finally {
      call.cancel(true);
      client.shutdownNow();
    }
    if (response.statusCode() != 200) {
      throw new IOException(
          "HTTP " + response.statusCode() + ": " + OllamaErrors.serverMessage(response.body()));
    }
    return OllamaErrors.JSON.readTree(response.body());
  }

  /** Package-private for tests: the rule above applied to a parsed {@code /api/show} answer. */
  static OptionalInt contextLength(JsonNode show) {
    JsonNode info = show.path("model_info");
    long trained = -1;
    String architecture = info.path("general.architecture").asText("");
    if (!architecture.isEmpty() && info.path(architecture + ".context_length").canConvertToLong()) {
      trained = info.path(architecture + ".context_length").asLong();
    } else {
      for (Map.Entry<String, JsonNode> field : info.properties()) {
        if (field.getKey().endsWith(".context_length") && field.getValue().canConvertToLong()) {
          trained = field.getValue().asLong();
          break;
        }
      }
    }
    long configured = -1;
    Matcher numCtx = NUM_CTX.matcher(show.path("parameters").asText(""));
    if (numCtx.find()) {
      configured = Long.parseLong(numCtx.group(1));
    }
    long length;
    if (trained > 0 && configured > 0) {
      length = Math.min(trained, configured);
    } else {
      length = Math.max(trained, configured);
    }
    return length > 0
        ? OptionalInt.of((int) Math.min(length, Integer.MAX_VALUE))
        : OptionalInt.empty();
  }

  private static String describe(Exception e) {
    Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
    String message = cause.getMessage();
    return cause.getClass().getSimpleName() + (message == null ? "" : ": " + message);
  }
}
