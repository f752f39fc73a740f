package dev.recall4j.datasets.eval;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.recall4j.core.Embedder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The eval's document vectors: each distinct text is embedded once, known texts never again. */
class TextVectorCacheTest {
  /** Records every batch of texts the model is asked to embed. */
  private static final class CountingModel implements Embedder {
    final HashingEmbedder hashing = new HashingEmbedder(8);
    final List<List<String>> batches = new ArrayList<>();

    @Override
    public String modelId() {
      return hashing.modelId();
    }

    @Override
    public int dimension() {
      return hashing.dimension();
    }

    @Override
    public float[] embedQuery(String query) {
      return hashing.embedQuery(query);
    }

    @Override
    public List<float[]> embedDocuments(List<String> texts) {
      batches.add(List.copyOf(texts));
      return hashing.embedDocuments(texts);
    }
  }

  @Test
  void aRepeatedTextIsEmbeddedOnceAndAKnownOneNotAgain() {
    CountingModel model = new CountingModel();
    float[] known = model.hashing.embedDocuments(List.of("known")).get(0);
    TextVectorCache cache = new TextVectorCache(model, Map.of(TextVectorCache.key("known"), known));

    List<float[]> vectors = cache.embedDocuments(List.of("tide", "known", "surge", "tide"));

    assertEquals(List.of(List.of("tide", "surge")), model.batches);
    assertEquals(2, cache.added());
    assertArrayEquals(known, vectors.get(1));
    assertArrayEquals(vectors.get(0), vectors.get(3));
    assertArrayEquals(model.hashing.embedDocuments(List.of("surge")).get(0), vectors.get(2));
    assertEquals(3, cache.all().size());
    model.batches.clear();
    cache.embedDocuments(List.of("surge", "known"));
    assertEquals(List.of(), model.batches, "every text is known now");
  }
}
