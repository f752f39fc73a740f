package dev.recall4j.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall4j.core.MemoryRecord;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The access statistics of records ({@code recallCount}, {@code lastAccessed}), one small document
 * per record in their own index beside the records': a recall updates them without re-indexing a
 * record's text and vectors. Read by id in real time ({@code _mget}), so no refresh is needed for a
 * reader to see them.
 */
final class AccessStats {
  /** One record's statistics; a record with none has never been recalled. */
  record Entry(long recallCount, Instant lastAccessed) {
    static final Entry NEVER = new Entry(0, null);
  }

  /**
   * Adds each recall's count to {@code recallCount} and sets {@code lastAccessed}; retried on a
   * concurrent update of the same record by another client.
   */
  private static final String RECALLED =
      "ctx._source.recallCount += params.n; ctx._source.lastAccessed = params.at";

  private static final int RETRIES_ON_CONFLICT = 5;

  private final Cluster cluster;
  private final String index;

  AccessStats(Cluster cluster, String index) {
    this.cluster = cluster;
    this.index = index;
  }

  /**
   * The bulk lines that set a record's statistics (document {@code id}) to those it is written
   * with.
   */
  List<JsonNode> write(String id, MemoryRecord r) {
    ObjectNode entry = Cluster.JSON.createObjectNode().put(Mapping.RECALL_COUNT, r.recallCount());
    entry.put(Mapping.LAST_ACCESSED, r.lastAccessed() == null ? null : r.lastAccessed().toString());
    return List.of(action("index", id), entry);
  }

  /** The bulk line that deletes a record's statistics. */
  JsonNode delete(String id) {
    return action("delete", id);
  }

  /**
   * Records that these records were recalled at {@code when}, in one request. A record without
   * statistics (purged since it was recalled, or never stored) is skipped.
   */
  void recalled(Map<String, Long> recalls, Instant when) throws IOException {
    List<JsonNode> lines = new ArrayList<>();
    recalls.forEach(
        (id, n) -> {
          ObjectNode update = Cluster.JSON.createObjectNode();
          update
              .putObject("update")
              .put("_index", index)
              .put("_id", id)
              .put("retry_on_conflict", RETRIES_ON_CONFLICT);
          lines.add(update);
          ObjectNode script = Cluster.JSON.createObjectNode();
          script
              .putObject("script")
              .put("source", RECALLED)
              .put("lang", "painless")
              .putObject("params")
              .put("n", n)
              .put("at", when.toString());
          lines.add(script);
        });
    JsonNode answer = cluster.callLines("POST", "/_bulk", Map.of(), lines);
    Bulk.requireSuccess(answer, 404);
  }

  /** The statistics of these records; those without any are absent. */
  Map<String, Entry> read(Collection<String> ids) throws IOException {
    if (ids.isEmpty()) {
      return Map.of();
    }
    ObjectNode body = Cluster.JSON.createObjectNode();
    ids.forEach(body.withArray("ids")::add);
    JsonNode answer = cluster.call("POST", "/" + index + "/_mget", Map.of(), body);
    Map<String, Entry> entries = new HashMap<>();
    for (JsonNode doc : answer.path("docs")) {
      if (doc.path("found").asBoolean()) {
        JsonNode source = doc.path("_source");
        JsonNode last = source.path(Mapping.LAST_ACCESSED);
        entries.put(
            doc.path("_id").asText(),
            new Entry(
                source.path(Mapping.RECALL_COUNT).asLong(),
                last.isTextual() ? Instant.parse(last.asText()) : null));
      }
    }
    return entries;
  }

  private ObjectNode action(String type, String id) {
    ObjectNode action = Cluster.JSON.createObjectNode();
    action.putObject(type).put("_index", index).put("_id", id);
    return action;
  }
}
