package dev.recall4j.embeddings;

import dev.recall4j.core.Checks;
import dev.recall4j.core.Embedder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/*
 * A bounded LRU of query vectors in front of another embedder.
 *
 * Keys are (modelId, query text), exact: agents repeat the same prompt text (session start, a
 * re-asked question), and any normalisation would have to match the model's tokenizer to be safe.
 * The lock is held only to read or update the map, never while the model computes, so two threads
 * that miss on the same query both compute it and the second put wins: wasted work, never a wrong
 * vector. Documents pass through uncached: each is embedded once, at write time.
 */
final class CachingEmbedder implements Embedder {
  private record Key(String modelId, String query) {}

  private final Embedder delegate;
  private final Map<Key, float[]> vectors;

  CachingEmbedder(Embedder delegate, int maxEntries) {
    this.delegate = Checks.notNull(delegate, "embedder");
    Checks.require(maxEntries >= 1, "cache.maxEntries", "must be >= 1, got %d", maxEntries);
    this.vectors =
        new LinkedHashMap<>(16, 0.75f, true) {
          private static final long serialVersionUID = 1L;

          @Override
          protected boolean removeEldestEntry(Map.Entry<Key, float[]> eldest) {
            return size() > maxEntries;
          }
        };
  }

  @Override
  public String modelId() {
    return delegate.modelId();
  }

  @Override
  public int dimension() {
    return delegate.dimension();
  }

  /** A copy of the cached vector, or the delegate's vector, which is then cached. */
  @Override
  public float[] embedQuery(String query) {
    Checks.require(query != null && !query.isBlank(), "query", "must not be null or blank");
    float[] cached = peek(query);
    if (cached != null) {
      return cached;
    }
    float[] vector = delegate.embedQuery(query);
    synchronized (vectors) {
      vectors.put(new Key(delegate.modelId(), query), vector.clone());
    }
    return vector;
  }

  /** A copy of the cached vector of this query (refreshing its recency), or null. */
  float[] peek(String query) {
    float[] cached;
    synchronized (vectors) {
      cached = vectors.get(new Key(delegate.modelId(), query));
    }
    return cached == null ? null : cached.clone();
  }

  @Override
  public List<float[]> embedDocuments(List<String> texts) {
    return delegate.embedDocuments(texts);
  }

  /** Closes the wrapped embedder. */
  @Override
  public void close() {
    delegate.close();
  }

  int size() {
    synchronized (vectors) {
      return vectors.size();
    }
  }

  @Override
  public String toString() {
    return "cached " + delegate;
  }
}
