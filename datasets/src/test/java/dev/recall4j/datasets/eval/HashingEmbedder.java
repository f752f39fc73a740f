package dev.recall4j.datasets.eval;

import dev.recall4j.core.Embedder;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real, deterministic embedder for tests: a hashed bag of lower-cased words (each word adds ±1 to
 * one of {@code dimension} components), L2-normalised. Texts sharing words have positive cosine.
 * Counts the documents it embeds, so tests can tell a cache hit from a re-embedding.
 */
public final class HashingEmbedder implements Embedder {
  private final int dimension;
  final AtomicInteger documentsEmbedded = new AtomicInteger();

  public HashingEmbedder(int dimension) {
    this.dimension = dimension;
  }

  @Override
  public String modelId() {
    return "test-hashing-" + dimension;
  }

  @Override
  public int dimension() {
    return dimension;
  }

  @Override
  public float[] embedQuery(String query) {
    return embed(query);
  }

  @Override
  public List<float[]> embedDocuments(List<String> texts) {
    documentsEmbedded.addAndGet(texts.size());
    return texts.stream().map(this::embed).toList();
  }

  private float[] embed(String text) {
    float[] v = new float[dimension];
    for (String word : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
      if (!word.isEmpty()) {
        int h = word.hashCode();
        v[Math.floorMod(h, dimension)] += (h & 0x100) == 0 ? 1 : -1;
      }
    }
    double norm = 0;
    for (float f : v) {
      norm += f * f;
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
}
