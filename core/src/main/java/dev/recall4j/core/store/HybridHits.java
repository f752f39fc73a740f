package dev.recall4j.core.store;

import dev.recall4j.core.Checks;
import java.util.List;

/**
 * The hits of both paths of one query in one scope, as {@link RecordStore#searchHybrid} returns
 * them.
 *
 * @param lexical the BM25 hits, best first
 * @param vector the nearest-neighbour hits, nearest first
 */
public record HybridHits(List<Hit> lexical, List<Hit> vector) {
  public HybridHits {
    lexical = List.copyOf(Checks.notNull(lexical, "lexical"));
    vector = List.copyOf(Checks.notNull(vector, "vector"));
  }
}
