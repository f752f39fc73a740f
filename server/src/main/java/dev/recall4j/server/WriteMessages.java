package dev.recall4j.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.engine.RecordJson;
import dev.recall4j.engine.SessionEnd;
import dev.recall4j.engine.SessionStats;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The JSON of {@link dev.recall4j.engine.IndexWrites} calls between a command line and the server
 * that holds the index ({@link ServedWrites} writes them, {@link LocalWriteServer} reads them):
 * records in the lossless JSONL record format of export and import (vectors included), scopes and
 * sessions field by field.
 */
final class WriteMessages {
  static final ObjectMapper JSON = new ObjectMapper();

  private WriteMessages() {}

  static ObjectNode request(String op) {
    return JSON.createObjectNode().put("op", op);
  }

  static ObjectNode record(MemoryRecord record) {
    return RecordJson.toNode(record, true);
  }

  static MemoryRecord record(JsonNode node) {
    return RecordJson.read(node.toString(), Scope.DEFAULT_NAMESPACE, Instant.now());
  }

  static ArrayNode records(Collection<MemoryRecord> records) {
    ArrayNode array = JSON.createArrayNode();
    records.forEach(r -> array.add(record(r)));
    return array;
  }

  static List<MemoryRecord> records(JsonNode array) {
    List<MemoryRecord> records = new ArrayList<>(array.size());
    array.forEach(node -> records.add(record(node)));
    return records;
  }

  static ObjectNode scope(Scope scope) {
    return JSON.createObjectNode()
        .put("namespace", scope.namespace())
        .put("project", scope.project())
        .put("task", scope.task())
        .put("session", scope.session());
  }

  static Scope scope(JsonNode node) {
    return new Scope(
        node.get("namespace").asText(),
        text(node, "project"),
        text(node, "task"),
        text(node, "session"));
  }

  static ObjectNode session(SessionStats s) {
    ObjectNode node =
        JSON.createObjectNode()
            .put("session_id", s.sessionId())
            .put("budget_tokens", s.budgetTokens())
            .put("injected_tokens", s.injectedTokens())
            .put("compressed", s.compressed());
    return node.put("avg_tokens_per_sec", s.avgTokensPerSec());
  }

  static SessionStats session(JsonNode node) {
    JsonNode speed = node.get("avg_tokens_per_sec");
    return new SessionStats(
        node.get("session_id").asText(),
        node.get("budget_tokens").asInt(),
        node.get("injected_tokens").asInt(),
        node.get("compressed").asBoolean(),
        speed == null || speed.isNull() ? null : speed.asDouble());
  }

  static ObjectNode sessionEnd(SessionEnd ended) {
    ObjectNode node =
        JSON.createObjectNode()
            .put("session", ended.session())
            .put("action", ended.action().wireName());
    ArrayNode ids = node.putArray("ids");
    ended.ids().forEach(ids::add);
    return node;
  }

  static SessionEnd sessionEnd(JsonNode node) {
    List<String> ids = new ArrayList<>();
    node.get("ids").forEach(id -> ids.add(id.asText()));
    return new SessionEnd(
        node.get("session").asText(),
        SessionEnd.Action.parse("action", node.get("action").asText()),
        ids);
  }

  static byte[] bytes(JsonNode node) {
    try {
      return JSON.writeValueAsBytes(node);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static JsonNode parse(byte[] bytes) {
    try {
      return JSON.readTree(bytes);
    } catch (IOException e) {
      throw new IllegalArgumentException("not a JSON message: " + e.getMessage());
    }
  }

  private static String text(JsonNode node, String key) {
    JsonNode value = node.get(key);
    return value == null || value.isNull() ? null : value.asText();
  }
}
