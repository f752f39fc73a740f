package dev.recall4j.server;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;

/** A plain {@code java.net.http} client of the JSON API, as a program in any language would be. */
final class HttpApi {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final HttpClient http = HttpClient.newHttpClient();
  private final String base;
  private final String token;

  HttpApi(int port, String token) {
    this.base = "http://127.0.0.1:" + port;
    this.token = token;
  }

  record Response(int status, Map<String, Object> body) {}

  /**
   * One MCP {@code tools/call} posted to {@code /mcp} as a plain JSON-RPC body: the call's {@code
   * result} ({@code isError}, {@code content}, {@code structuredContent}).
   */
  @SuppressWarnings("unchecked")
  Map<String, Object> callTool(String name, Map<String, Object> arguments) {
    Response answer =
        send(
            "POST",
            "/mcp",
            Map.of(
                "jsonrpc",
                "2.0",
                "id",
                1,
                "method",
                "tools/call",
                "params",
                Map.of("name", name, "arguments", arguments)),
            "Content-Type",
            "application/json",
            "Accept",
            "application/json, text/event-stream");
    if (answer.status() != 200 || !answer.body().containsKey("result")) {
      throw new AssertionError(name + ": HTTP " + answer.status() + " " + answer.body());
    }
    return (Map<String, Object>) answer.body().get("result");
  }

  Response send(String method, String path, Object body, String... headers) {
    try {
      HttpRequest.Builder request =
          HttpRequest.newBuilder(URI.create(base + path))
              .method(
                  method,
                  body == null
                      ? HttpRequest.BodyPublishers.noBody()
                      : HttpRequest.BodyPublishers.ofString(
                          body instanceof String s ? s : JSON.writeValueAsString(body)));
      if (token != null) {
        request.header("Authorization", "Bearer " + token);
      }
      if (headers.length > 0) {
        request.headers(headers);
      }
      HttpResponse<String> response =
          http.send(request.build(), HttpResponse.BodyHandlers.ofString());
      Map<String, Object> parsed =
          response.body().isBlank()
              ? Map.of()
              : JSON.readValue(response.body(), new TypeReference<Map<String, Object>>() {});
      return new Response(response.statusCode(), parsed);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
