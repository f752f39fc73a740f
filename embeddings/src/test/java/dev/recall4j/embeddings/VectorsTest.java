package dev.recall4j.embeddings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class VectorsTest {
  @Test
  void normalises() {
    assertArrayEquals(new float[] {0.6f, 0.8f}, Vectors.unit(new float[] {3, 4}, 2, "m"), 1e-7f);
  }

  @Test
  void refusesWhatCannotBeAUnitVector() {
    assertThrows(EmbeddingException.class, () -> Vectors.unit(new float[] {1, 0}, 3, "m"));
    assertThrows(EmbeddingException.class, () -> Vectors.unit(new float[] {1, Float.NaN}, 2, "m"));
    assertThrows(
        EmbeddingException.class,
        () -> Vectors.unit(new float[] {Float.POSITIVE_INFINITY, 0}, 2, "m"));
    assertThrows(EmbeddingException.class, () -> Vectors.unit(new float[] {0, 0}, 2, "m"));
  }
}
