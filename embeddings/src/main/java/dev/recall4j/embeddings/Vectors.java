package dev.recall4j.embeddings;

/** Enforces the {@link dev.recall4j.core.Embedder} vector contract on what a model returned. */
final class Vectors {
  private Vectors() {}

  /**
   * Returns a unit-length copy of the vector, or throws when it cannot be one.
   *
   * <p>Models usually normalise already; normalising again costs a few hundred nanoseconds and
   * guarantees the dot-product scoring of the index sees cosine similarity even when a server or
   * model version does not.
   *
   * @param source names the model (and host) for the error message
   * @throws EmbeddingException when the length is not {@code dimension}, a component is not finite,
   *     or the vector is all zeros
   */
  static float[] unit(float[] vector, int dimension, String source) {
    if (vector.length != dimension) {
      throw new EmbeddingException(
          source
              + " returned a vector of "
              + vector.length
              + " components, expected "
              + dimension
              + ": the model changed under the same name; re-embed with the new model");
    }
    double squares = 0;
    for (int i = 0; i < vector.length; i++) {
      float x = vector[i];
      if (!Float.isFinite(x)) {
        throw new EmbeddingException(
            source + " returned a non-finite component " + x + " at index " + i);
      }
      squares += (double) x * x;
    }
    if (squares == 0) {
      throw new EmbeddingException(source + " returned an all-zero vector, which has no direction");
    }
    double norm = Math.sqrt(squares);
    float[] unit = new float[vector.length];
    for (int i = 0; i < vector.length; i++) {
      unit[i] = (float) (vector[i] / norm);
    }
    return unit;
  }
}
