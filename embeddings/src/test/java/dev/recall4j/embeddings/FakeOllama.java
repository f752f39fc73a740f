package dev.recall4j.embeddings;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A fake Ollama on 127.0.0.1 speaking the documented JSON of /api/embed and /api/show: each test
 * says what a path answers, and reads back the request bodies it received.
 */
final class FakeOllama implements AutoCloseable {
  /** What the server answers to one request. */
  record Answer(int status, String body, long delayMillis) {
    static Answer ok(String body) {
      return new Answer(200, body, 0);
    }
  }

  /** Computes the answer from the parsed request body. */
  interface Handler {
    Answer answer(JsonNode request);
  }

  private final HttpServer server;
  private final ExecutorService threads = Executors.newCachedThreadPool();
  private final Map<String, Handler> handlers = new ConcurrentHashMap<>();
  private final List<JsonNode> requests = new CopyOnWriteArrayList<>();

  FakeOllama() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(threads);
    server.createContext("/", this::handle);
    server.start();
  }

  FakeOllama on(String path, Handler handler) {
    handlers.put(path, handler);
    return this;
  }

  URI uri() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
  }

  /** The parsed bodies of every request received, in arrival order. */
  List<JsonNode> requests() {
    return requests;
  }

  /** The /api/embed answer Ollama gives: one array of numbers per input. */
  static String embedBody(String model, List<float[]> vectors) {
    StringBuilder json =
        new StringBuilder("{\"model\":\"").append(model).append("\",\"embeddings\":[");
    for (int v = 0; v < vectors.size(); v++) {
      json.append(v == 0 ? "[" : ",[");
      float[] vector = vectors.get(v);
      for (int i = 0; i < vector.length; i++) {
        json.append(i == 0 ? "" : ",").append(vector[i]);
      }
      json.append(']');
    }
    return json.append(
            "],\"total_duration\":14143917,\"load_duration\":1019500,\"prompt_eval_count\":8}")
        .toString();
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      JsonNode request = OllamaErrors.JSON.readTree(exchange.getRequestBody());
      requests.add(request);
      Handler handler = handlers.get(exchange.getRequestURI().getPath());
      Answer answer =
          handler == null ? new Answer(404, "404 page not found", 0) : handler.answer(request);
      if (answer.delayMillis() > 0) {
        try {
          Thread.sleep(answer.delayMillis());
        } catch (InterruptedException e) {
          return;
        }
      }
      byte[] body = answer.body().getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
      exchange.sendResponseHeaders(answer.status(), body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    }
  }

  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
  }
}
