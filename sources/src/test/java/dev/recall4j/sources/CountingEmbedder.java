package dev.recall4j.sources;

import dev.recall4j.core.Embedder;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/** A real bag-of-words embedder (words hashed into buckets) that counts the texts it embeds. */
final class CountingEmbedder implements Embedder {
  static final int DIMENSION = 32;
  final AtomicInteger documents = new AtomicInteger();

  @Override
  public String modelId() {
    return "counting-hash-" + DIMENSION;
  }

  @Override
  public int dimension() {
    return DIMENSION;
  }

  @Override
  public float[] embedQuery(String query) {
    float[] v = new float[DIMENSION];
    for (String word : query.toLowerCase(Locale.ROOT).split("\\W+")) {
      if (!word.isEmpty()) {
        v[Math.floorMod(word.hashCode(), DIMENSION)] += 1;
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
    documents.addAndGet(texts.size());
    return texts.stream().map(this::embedQuery).toList();
  }

  @Override
  public void close() {}
}
