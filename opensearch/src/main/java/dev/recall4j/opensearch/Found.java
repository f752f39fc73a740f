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
 * {@code _mget} for every record of one or more result lists. Lists keep the cluster's order (score
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

  /** The records of these hits, in their order. */
  List<MemoryRecord> records(List<JsonNode> hits) throws IOException {
    return records(hits, stats(List.of(hits)));
  }

  /**
   * Each list of ranked hits as store hits, ranked from 1, the cluster's score mapped by the list's
   * {@code score} function; one statistics lookup for all of them.
   */
  List<List<Hit>> ranked(List<List<JsonNode>> lists, List<DoubleUnaryOperator> scores)
      throws IOException {
    Map<String, AccessStats.Entry> stats = stats(lists);
    List<List<Hit>> all = new ArrayList<>(lists.size());
    for (int i = 0; i < lists.size(); i++) {
      List<JsonNode> hits = lists.get(i);
      List<MemoryRecord> records = records(hits, stats);
      List<Hit> ranked = new ArrayList<>(records.size());
      for (int rank = 0; rank < records.size(); rank++) {
        double score = hits.get(rank).path("_score").asDouble();
        ranked.add(
            new Hit(records.get(rank), rank + 1, (float) scores.get(i).applyAsDouble(score)));
      }
      all.add(ranked);
    }
    return all;
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

  private Map<String, AccessStats.Entry> stats(List<List<JsonNode>> lists) throws IOException {
    Set<String> ids = new LinkedHashSet<>();
    lists.forEach(hits -> hits.forEach(hit -> ids.add(hit.path("_id").asText())));
    return access.read(ids);
  }
}
