package dev.recall4j.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.engine.IndexWrites;
import dev.recall4j.engine.IngestProgress;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.Saved;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The writes of other processes on this machine, done by the server that holds the index (issue 19,
 * one writer, many callers): a loopback-only HTTP endpoint, started beside either transport (so a
 * stdio server takes them too), announced by a {@link ServeFile} in the index directory and guarded
 * by its secret. Each call is one {@link IndexWrites} method on the server's engine, answered once
 * the engine has committed it.
 */
public final class LocalWriteServer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(LocalWriteServer.class);

  private final HttpServer http;
  private final ExecutorService threads;
  private final ServeFile note;
  private final Path indexDir;

  private LocalWriteServer(HttpServer http, ExecutorService threads, ServeFile note, Path dir) {
    this.http = http;
    this.threads = threads;
    this.note = note;
    this.indexDir = dir;
  }

  /** Listens on a free loopback port and writes the note into the engine's index directory. */
  public static LocalWriteServer start(RecallEngine engine) throws IOException {
    HttpServer http =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    URI url = URI.create("http://127.0.0.1:" + http.getAddress().getPort());
    ServeFile note = ServeFile.forThisProcess(url);
    http.createContext("/write", exchange -> handle(exchange, note, engine));
    ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
    http.setExecutor(threads);
    http.start();
    Path indexDir = engine.config().indexDir();
    try {
      note.write(indexDir);
    } catch (IOException e) {
      http.stop(0);
      threads.close();
      throw e;
    }
    return new LocalWriteServer(http, threads, note, indexDir);
  }

  /** The note other processes find. */
  public ServeFile note() {
    return note;
  }

  private static void handle(HttpExchange exchange, ServeFile note, IndexWrites writes)
      throws IOException {
    try (exchange) {
      String secret = exchange.getRequestHeaders().getFirst(ServeFile.SECRET_HEADER);
      if (!"POST".equals(exchange.getRequestMethod())
          || secret == null
          || !MessageDigest.isEqual(
              secret.getBytes(StandardCharsets.UTF_8),
              note.secret().getBytes(StandardCharsets.UTF_8))) {
        send(exchange, 403, error("a write needs the secret of " + ServeFile.NAME));
        return;
      }
      JsonNode answer;
      try {
        answer = dispatch(WriteMessages.parse(exchange.getRequestBody().readAllBytes()), writes);
      } catch (IllegalArgumentException e) {
        send(exchange, 400, error(e.getMessage()));
        return;
      } catch (IllegalStateException e) {
        send(exchange, 409, error(e.getMessage()));
        return;
      } catch (RuntimeException e) {
        LOG.error("a served write failed", e);
        send(exchange, 500, error(Optional.ofNullable(e.getMessage()).orElse(e.toString())));
        return;
      }
      send(exchange, 200, answer);
    }
  }

  private static JsonNode dispatch(JsonNode call, IndexWrites writes) {
    ObjectNode answer = WriteMessages.JSON.createObjectNode();
    switch (call.path("op").asText()) {
      case "ping" -> {}
      case "add" -> {
        Saved saved = writes.add(WriteMessages.record(call.get("record")));
        answer.set("record", WriteMessages.record(saved.record()));
        answer.put("duplicate_of", saved.duplicateOf());
      }
      case "save_all" ->
          answer.set(
              "records",
              WriteMessages.records(
                  writes.saveAll(WriteMessages.records(call.get("records")), IngestProgress.NONE)));
      case "import_all" ->
          answer.set(
              "records",
              WriteMessages.records(writes.importAll(WriteMessages.records(call.get("records")))));
      case "change" ->
          answer.set(
              "record",
              WriteMessages.record(
                  writes.change(
                      IndexWrites.Change.valueOf(call.get("change").asText()),
                      WriteMessages.scope(call.get("scope")),
                      call.get("id").asText())));
      case "supersede" ->
          answer.set(
              "record",
              WriteMessages.record(
                  writes.supersede(
                      WriteMessages.scope(call.get("scope")),
                      call.get("id").asText(),
                      WriteMessages.record(call.get("record")))));
      case "get" -> {
        Optional<MemoryRecord> found =
            writes.get(WriteMessages.scope(call.get("scope")), call.get("id").asText());
        if (found.isPresent()) {
          answer.set("record", WriteMessages.record(found.get()));
        } else {
          answer.putNull("record");
        }
      }
      case "end_session" ->
          answer.set(
              "ended",
              WriteMessages.sessionEnd(writes.endSession(WriteMessages.scope(call.get("scope")))));
      case "record_session" ->
          writes.recordSession(
              WriteMessages.scope(call.get("scope")), WriteMessages.session(call.get("session")));
      case "compact" -> writes.compact();
      default -> throw new IllegalArgumentException("op: unknown, got " + call.path("op"));
    }
    return answer;
  }

  private static ObjectNode error(String message) {
    return WriteMessages.JSON.createObjectNode().put("error", message);
  }

  private static void send(HttpExchange exchange, int status, JsonNode body) throws IOException {
    byte[] bytes = WriteMessages.bytes(body);
    exchange.getResponseHeaders().set("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  /** Removes the note, then stops taking writes (those under way finish first). */
  @Override
  public void close() {
    note.delete(indexDir);
    http.stop(1);
    threads.close();
  }
}
