package dev.recall4j.benchmarks;

import dev.recall4j.core.Embedder;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An embedder that knows the benchmark queries' vectors: "hybrid recall without query embedding"
 * (the query vector is cached, as after the first time an agent asks) runs the engine's whole path
 * except the model. Documents carry their vectors already, so it refuses to embed them.
 */
final class LookupEmbedder implements Embedder {
  private final String model;
  private final int dimension;
  private final Map<String, float[]> vectors = new HashMap<>();

  LookupEmbedder(String model, List<BenchQuery> queries) {
    this.model = model;
    this.dimension = queries.get(0).vector().length;
    queries.forEach(q -> vectors.put(q.text(), q.vector()));
  }

  @Override
  public String modelId() {
    return model;
  }

  @Override
  public int dimension() {
    return dimension;
  }

  @Override
  public float[] embedQuery(String query) {
    float[] v = vectors.get(query);
    if (v == null) {
      throw new IllegalArgumentException("query: not a benchmark query: " + query);
    }
    return v.clone();
  }

  @Override
  public List<float[]> embedDocuments(List<String> texts) {
    throw new UnsupportedOperationException(
        "benchmark records carry their vectors; nothing to embed");
  }
}
