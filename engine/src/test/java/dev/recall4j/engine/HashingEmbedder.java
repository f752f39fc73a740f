package dev.recall4j.engine;

import dev.recall4j.core.Embedder;
import java.util.List;

/**
 * A real, deterministic bag-of-words embedder: each word hashed into one of {@code dimension}
 * buckets, then L2-normalised. Fast enough for tests that need vectors but not a language model.
 */
public final class HashingEmbedder implements Embedder {
  private final int dimension;

  public HashingEmbedder(int dimension) {
    this.dimension = dimension;
  }

  @Override
  public String modelId() {
    return "hashing-" + dimension;
  }

  @Override
  public int dimension() {
    return dimension;
  }

  @Override
  public float[] embedQuery(String query) {
    float[] v = new float[dimension];
    for (String word : query.toLowerCase(java.util.Locale.ROOT).split("\\W+")) {
      if (!word.isEmpty()) {
        v[Math.floorMod(word.hashCode(), dimension)] += 1;
      }
    }
    double norm = 0;
    for (float x : v) {
      norm += x * x;
    }
    if (norm == 0) {
      v[0] = 1;
      return v;
    }
    for (int i = 0; i < v.length; i++) {
      v[i] /= (float) Math.sqrt(norm);
    }
    return v;
  }

  @Override
  public List<float[]> embedDocuments(List<String> texts) {
    return texts.stream().map(this::embedQuery).toList();
  }
}
