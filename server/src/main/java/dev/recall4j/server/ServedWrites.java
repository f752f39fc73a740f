package dev.recall4j.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall4j.core.Embedder;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.engine.IndexWrites;
import dev.recall4j.engine.IngestProgress;
import dev.recall4j.engine.Saved;
import dev.recall4j.engine.SessionEnd;
import dev.recall4j.engine.SessionStats;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link IndexWrites} port's client: each write sent to the server that holds the index ({@link
 * LocalWriteServer}), found through its {@link ServeFile}. An error the engine raised there arrives
 * as the same exception type with the same one-line message, so a command reports it as if it had
 * written itself.
 */
final class ServedWrites implements IndexWrites {
  private static final Logger LOG = LoggerFactory.getLogger(ServedWrites.class);

  private final ServeFile server;
  private final HttpClient http;

  private ServedWrites(ServeFile server, HttpClient http) {
    this.server = server;
    this.http = http;
  }

  /** Writes through this server, if it answers (a stale note of a reused pid does not). */
  static Optional<ServedWrites> connect(ServeFile server) {
    ServedWrites writes =
        new ServedWrites(
            server, HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build());
    try {
      writes.call(WriteMessages.request("ping"));
      LOG.debug("writing through the server at {} (pid {})", server.url(), server.pid());
      return Optional.of(writes);
    } catch (IllegalStateException e) {
      LOG.debug("{}: not answering, writing directly: {}", server, e.getMessage());
      return Optional.empty();
    }
  }

  @Override
  public Saved add(MemoryRecord record) {
    JsonNode answer =
        call(WriteMessages.request("add").set("record", WriteMessages.record(record)));
    JsonNode duplicate = answer.get("duplicate_of");
    return new Saved(
        WriteMessages.record(answer.get("record")),
        duplicate == null || duplicate.isNull() ? null : duplicate.asText());
  }

  @Override
  public List<MemoryRecord> saveAll(Collection<MemoryRecord> records, IngestProgress progress) {
    return WriteMessages.records(
        call(WriteMessages.request("save_all").set("records", WriteMessages.records(records)))
            .get("records"));
  }

  @Override
  public List<MemoryRecord> importAll(Collection<MemoryRecord> records) {
    return WriteMessages.records(
        call(WriteMessages.request("import_all").set("records", WriteMessages.records(records)))
            .get("records"));
  }

  @Override
  public MemoryRecord change(Change change, Scope scope, String id) {
    ObjectNode request = WriteMessages.request("change").put("change", change.name()).put("id", id);
    request.set("scope", WriteMessages.scope(scope));
    return WriteMessages.record(call(request).get("record"));
  }

  @Override
  public MemoryRecord supersede(Scope scope, String oldId, MemoryRecord replacement) {
    ObjectNode request = WriteMessages.request("supersede").put("id", oldId);
    request.set("scope", WriteMessages.scope(scope));
    request.set("record", WriteMessages.record(replacement));
    return WriteMessages.record(call(request).get("record"));
  }

  @Override
  public Optional<MemoryRecord> get(Scope scope, String id) {
    ObjectNode request = WriteMessages.request("get").put("id", id);
    request.set("scope", WriteMessages.scope(scope));
    JsonNode record = call(request).get("record");
    return record == null || record.isNull()
        ? Optional.empty()
        : Optional.of(WriteMessages.record(record));
  }

  @Override
  public SessionEnd endSession(Scope scope) {
    ObjectNode request = WriteMessages.request("end_session");
    request.set("scope", WriteMessages.scope(scope));
    return WriteMessages.sessionEnd(call(request).get("ended"));
  }

  @Override
  public void recordSession(Scope scope, SessionStats session) {
    ObjectNode request = WriteMessages.request("record_session");
    request.set("scope", WriteMessages.scope(scope));
    request.set("session", WriteMessages.session(session));
    call(request);
  }

  @Override
  public void compact() {
    call(WriteMessages.request("compact"));
  }

  @Override
  public Optional<Embedder> embedder() {
    return Optional.empty();
  }

  @Override
  public void close() {
    http.close();
  }

  /**
   * Sends one call and waits for the server's commit.
   *
   * @throws IllegalArgumentException the engine's refusal (bad record, unknown id), as worded there
   * @throws IllegalStateException any other failure, naming the server
   */
  private JsonNode call(ObjectNode request) {
    HttpResponse<byte[]> response;
    try {
      response =
          http.send(
              HttpRequest.newBuilder(server.url().resolve("/write"))
                  .header(ServeFile.SECRET_HEADER, server.secret())
                  .header("Content-Type", "application/json")
                  .POST(HttpRequest.BodyPublishers.ofByteArray(WriteMessages.bytes(request)))
                  .build(),
              HttpResponse.BodyHandlers.ofByteArray());
    } catch (IOException e) {
      throw new IllegalStateException(
          "the server holding the index (pid " + server.pid() + ") did not answer: " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while the server wrote", e);
    }
    JsonNode body = WriteMessages.parse(response.body());
    String error = body.path("error").asText("HTTP " + response.statusCode());
    return switch (response.statusCode()) {
      case 200 -> body;
      case 400 -> throw new IllegalArgumentException(error);
      default ->
          throw new IllegalStateException(
              error + " (in the server holding the index, pid " + server.pid() + ")");
    };
  }
}
