package dev.recall4j.opensearch;

import com.fasterxml.jackson.databind.JsonNode;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.store.Hit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
    return records(hits, Map.of());
  }

  /**
   * Ranked hits as store hits, ranked from 1 with the cluster's score (BM25 as in process; a k-NN
   * list is scored again by {@link #exactly}); a hit whose id is a key of {@code known} carries
   * that record when it is of {@code namespace} (the one searched: ids are unique within a
   * namespace only), the others are parsed with one statistics lookup for all of them. Hits are
   * matched by document id, which {@code docIds} makes of a record ({@code namespace/id} since
   * mapping schema 3).
   */
  List<Hit> ranked(
      List<JsonNode> hits, Map<String, MemoryRecord> known, String namespace, DocIds docIds)
      throws IOException {
    Map<String, MemoryRecord> held = new HashMap<>();
    known.forEach(
        (id, r) -> {
          if (r.scope().namespace().equals(namespace)) {
            held.put(docIds.of(r), r);
          }
        });
    List<MemoryRecord> records = records(hits, held);
    List<Hit> ranked = new ArrayList<>(records.size());
    for (int rank = 0; rank < records.size(); rank++) {
      double raw = hits.get(rank).path("_score").asDouble();
      ranked.add(new Hit(records.get(rank), rank + 1, (float) raw));
    }
    return ranked;
  }

  /**
   * Several result lists as store hits, each ranked from 1 with the cluster's scores (as {@link
   * #ranked(List, Map, String, DocIds)}); a document several lists hold is parsed once and is the
   * same record in each, and the statistics of all are read in one lookup.
   */
  List<List<Hit>> ranked(List<List<JsonNode>> lists) throws IOException {
    Map<String, JsonNode> distinct = new LinkedHashMap<>();
    lists.forEach(hits -> hits.forEach(hit -> distinct.putIfAbsent(hit.path("_id").asText(), hit)));
    List<JsonNode> once = new ArrayList<>(distinct.values());
    List<MemoryRecord> parsed = records(once, Map.of());
    Map<String, MemoryRecord> byDocId = HashMap.newHashMap(once.size());
    for (int i = 0; i < once.size(); i++) {
      byDocId.put(once.get(i).path("_id").asText(), parsed.get(i));
    }
    List<List<Hit>> ranked = new ArrayList<>(lists.size());
    for (List<JsonNode> hits : lists) {
      List<Hit> hitsOfList = new ArrayList<>(hits.size());
      for (int rank = 0; rank < hits.size(); rank++) {
        JsonNode hit = hits.get(rank);
        double raw = hit.path("_score").asDouble();
        hitsOfList.add(new Hit(byDocId.get(hit.path("_id").asText()), rank + 1, (float) raw));
      }
      ranked.add(hitsOfList);
    }
    return ranked;
  }

  private List<MemoryRecord> records(List<JsonNode> hits, Map<String, MemoryRecord> known)
      throws IOException {
    Set<String> unknown = new LinkedHashSet<>();
    hits.forEach(hit -> unknown.add(hit.path("_id").asText()));
    unknown.removeAll(known.keySet());
    Map<String, AccessStats.Entry> stats = unknown.isEmpty() ? Map.of() : access.read(unknown);
    List<MemoryRecord> records = new ArrayList<>(hits.size());
    for (JsonNode hit : hits) {
      String id = hit.path("_id").asText();
      MemoryRecord held = known.get(id);
      records.add(
          held != null
              ? held
              : Documents.fromSource(
                  index, id, hit.path("_source"), stats.getOrDefault(id, AccessStats.Entry.NEVER)));
    }
    return records;
  }

  /**
   * The k-NN hits with exact scores, in their order: the cluster finds and scores them on its
   * quantised copy of the vectors (int8 by default, by a quantiser other than the in-process
   * index's), while each hit's record carries its vectors as written. A hit's score becomes {@code
   * (1 + cos) / 2} of its best vector against the query, as the in-process index scores float
   * vectors, and the hits are ordered by it (then by id) and ranked again. Which records are hits
   * stays the cluster's choice. {@code dimension} and {@code model} are the index's.
   */
  static List<Hit> exactly(float[] unitQuery, List<Hit> hits, int dimension, String model) {
    List<Hit> scored = new ArrayList<>(hits.size());
    for (Hit hit : hits) {
      double best = -1;
      for (float[] vector : hit.record().vectors()) {
        float[] unit = Documents.unitVector(vector, dimension, model, "vector");
        double dot = 0;
        for (int i = 0; i < unit.length; i++) {
          dot += unit[i] * unitQuery[i];
        }
        best = Math.max(best, dot);
      }
      scored.add(new Hit(hit.record(), hit.rank(), (float) ((1 + best) / 2)));
    }
    scored.sort(
        Comparator.comparingDouble((Hit h) -> h.score())
            .reversed()
            .thenComparing(h -> h.record().id()));
    List<Hit> ranked = new ArrayList<>(scored.size());
    for (int i = 0; i < scored.size(); i++) {
      ranked.add(new Hit(scored.get(i).record(), i + 1, scored.get(i).score()));
    }
    return ranked;
  }
}
