package dev.recall4j.opensearch;

import dev.recall4j.core.store.Hit;
import java.util.List;

/**
 * The two candidate lists of one query, from one multi-search: each ranked from 1, best first.
 *
 * @param lexical the BM25 hits
 * @param vector the k-NN hits
 */
public record HybridHits(List<Hit> lexical, List<Hit> vector) {
  public HybridHits {
    lexical = List.copyOf(lexical);
    vector = List.copyOf(vector);
  }
}
