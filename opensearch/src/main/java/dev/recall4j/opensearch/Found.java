package dev.recall4j.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.store.Hit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.DoubleUnaryOperator;

/**
 * Turns search hits into records and ranked hits, joining each record's access statistics: one
 * {@code _mget} for every record of a result list. Lists keep the cluster's order (score
 * descending, then id, or id alone).
 */
final class Found {
  private final String index;
  private final AccessStats access;

  Found(String index, AccessStats access) {
    this.index = index;
    this.access = access;
  }

  /** The hits of a search answer, in its order. */
  static List<JsonNode> hitsOf(JsonNode answer) {
    List<JsonNode> hits = new ArrayList<>();
    answer.path("hits").path("hits").forEach(hits::add);
    return hits;
  }

  /** The records of these hits, in their order, with their access statistics. */
  List<MemoryRecord> records(List<JsonNode> hits) throws IOException {
    return records(hits, stats(hits));
  }

  /**
   * Ranked hits as store hits, ranked from 1, the cluster's score mapped by {@code score}; one
   * statistics lookup for all of them.
   */
  List<Hit> ranked(List<JsonNode> hits, DoubleUnaryOperator score) throws IOException {
    List<MemoryRecord> records = records(hits);
    List<Hit> ranked = new ArrayList<>(records.size());
    for (int rank = 0; rank < records.size(); rank++) {
      double raw = hits.get(rank).path("_score").asDouble();
      ranked.add(new Hit(records.get(rank), rank + 1, (float) score.applyAsDouble(raw)));
    }
    return ranked;
  }

  private List<MemoryRecord> records(List<JsonNode> hits, Map<String, AccessStats.Entry> stats) {
    List<MemoryRecord> records = new ArrayList<>(hits.size());
    for (JsonNode hit : hits) {
      String id = hit.path("_id").asText();
      records.add(
          Documents.fromSource(
              index, id, hit.path("_source"), stats.getOrDefault(id, AccessStats.Entry.NEVER)));
    }
    return records;
  }

  private Map<String, AccessStats.Entry> stats(List<JsonNode> hits) throws IOException {
    Set<String> ids = new LinkedHashSet<>();
    hits.forEach(hit -> ids.add(hit.path("_id").asText()));
    return access.read(ids);
  }
}
