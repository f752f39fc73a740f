package dev.recall4j.embeddings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.Embedder;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class CachingEmbedderTest {
  @Test
  void aRepeatedQueryIsComputedOnce() {
    CountingEmbedder model = new CountingEmbedder("m");
    Embedder cached = Embedders.cached(model, 8);
    float[] first = cached.embedQuery("what broke the build");
    float[] second = cached.embedQuery("what broke the build");
    assertArrayEquals(first, second);
    assertEquals(1, model.queries.get());
  }

  @Test
  void callersCannotCorruptTheCache() {
    Embedder cached = Embedders.cached(new CountingEmbedder("m"), 8);
    float[] expected = cached.embedQuery("q").clone();
    cached.embedQuery("q")[0] = 42;
    assertArrayEquals(expected, cached.embedQuery("q"));
  }

  @Test
  void theLeastRecentlyUsedQueryIsEvicted() {
    CountingEmbedder model = new CountingEmbedder("m");
    CachingEmbedder cached = (CachingEmbedder) Embedders.cached(model, 2);
    cached.embedQuery("a");
    cached.embedQuery("b");
    cached.embedQuery("a"); // a is now the most recent
    cached.embedQuery("c"); // evicts b
    assertEquals(2, cached.size());
    assertNotNull(cached.peek("a"));
    assertNull(cached.peek("b"));
    assertNotNull(cached.peek("c"));
  }

  @Test
  void vectorsArePerModel() {
    Embedder one = Embedders.cached(new CountingEmbedder("one"), 8);
    Embedder two = Embedders.cached(new CountingEmbedder("two"), 8);
    assertFalse(java.util.Arrays.equals(one.embedQuery("q"), two.embedQuery("q")));
    assertEquals("two", two.modelId());
  }

  @Test
  void documentsPassThroughUncached() {
    CountingEmbedder model = new CountingEmbedder("m");
    Embedder cached = Embedders.cached(model, 8);
    cached.embedDocuments(List.of("d"));
    cached.embedDocuments(List.of("d"));
    assertEquals(2, model.documents.get());
  }

  @Test
  void badArgumentsNameTheSetting() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> Embedders.cached(new CountingEmbedder("m"), 0));
    assertTrue(e.getMessage().startsWith("cache.maxEntries:"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> Embedders.cached(null, 1));
    assertTrue(e.getMessage().startsWith("embedder:"), e.getMessage());
  }

  /** Whatever the query sequence: never more than maxEntries, and always the model's vector. */
  @Property(tries = 200)
  void boundedAndTransparent(
      @ForAll @Size(max = 60) List<@IntRange(min = 0, max = 12) Integer> queries,
      @ForAll @IntRange(min = 1, max = 6) int maxEntries) {
    CountingEmbedder model = new CountingEmbedder("m");
    CachingEmbedder cached = (CachingEmbedder) Embedders.cached(model, maxEntries);
    for (int q : queries) {
      String text = "query " + q;
      assertArrayEquals(model.vectorOf(text), cached.embedQuery(text));
      assertTrue(cached.size() <= maxEntries, "size " + cached.size());
    }
    assertTrue(model.queries.get() <= queries.size());
  }
}
