package dev.recall4j.embeddings;

import dev.recall4j.core.Embedder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A deterministic 4-dimensional test embedder: the vector depends on model id and text only, and
 * calls are counted. Optionally sleeps in embedQuery to play a slow model.
 */
class CountingEmbedder implements Embedder {
  final AtomicInteger queries = new AtomicInteger();
  final AtomicInteger documents = new AtomicInteger();
  private final String modelId;
  private final long sleepMillis;

  CountingEmbedder(String modelId) {
    this(modelId, 0);
  }

  CountingEmbedder(String modelId, long sleepMillis) {
    this.modelId = modelId;
    this.sleepMillis = sleepMillis;
  }

  @Override
  public String modelId() {
    return modelId;
  }

  @Override
  public int dimension() {
    return 4;
  }

  @Override
  public float[] embedQuery(String query) {
    queries.incrementAndGet();
    if (sleepMillis > 0) {
      try {
        Thread.sleep(sleepMillis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new EmbeddingException("interrupted");
      }
    }
    return vectorOf(query);
  }

  @Override
  public List<float[]> embedDocuments(List<String> texts) {
    documents.incrementAndGet();
    return texts.stream().map(this::vectorOf).toList();
  }

  float[] vectorOf(String text) {
    byte[] bytes = (modelId + '\u0000' + text).getBytes(StandardCharsets.UTF_8);
    float[] raw = new float[4];
    for (int i = 0; i < bytes.length; i++) {
      raw[i % 4] += (bytes[i] & 0xff) * (i + 1);
    }
    return Vectors.unit(raw, 4, modelId);
  }
}
