package dev.recall4j.benchmarks;

import dev.recall4j.core.Checks;

/**
 * A benchmark query: a real question from the shared datasets and its embedding by the corpus
 * model.
 *
 * @param text the question, not blank
 * @param vector its query embedding (unit length); copied in and out
 */
public record BenchQuery(String text, float[] vector) {
  public BenchQuery {
    Checks.notBlank(text, "text");
    vector = Checks.notNull(vector, "vector").clone();
  }

  @Override
  public float[] vector() {
    return vector.clone();
  }
}
