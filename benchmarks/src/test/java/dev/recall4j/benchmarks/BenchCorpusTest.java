package dev.recall4j.benchmarks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Silo;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class BenchCorpusTest {
  private static final int DIMENSION = 384;
  private static final int REAL = 20;

  /** A pool of 40 texts, two queries, and vectors for the first {@value #REAL} texts. */
  static TextPool pool() {
    List<TextPool.Text> texts = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      Silo silo = Silo.values()[i % 3];
      texts.add(
          new TextPool.Text(
              "d/" + i,
              silo,
              i % 2 == 0 ? "Title " + i : null,
              "Sentence one of text "
                  + i
                  + ". Sentence two mentions topic "
                  + (i % 7)
                  + "! And a third?",
              i % 5 == 0 ? Instant.parse("2023-05-08T13:56:00Z") : null));
    }
    return TextPool.of(
        texts, List.of("what about topic 3", "text 12 sentence", "what about topic 3"), 42);
  }

  static EmbeddedPool vectors(TextPool pool) {
    Random random = new Random(7);
    float[][] docs = new float[REAL][];
    for (int i = 0; i < REAL; i++) {
      docs[i] = BenchCorpus.perturb(new float[DIMENSION], random);
    }
    float[][] queries = new float[pool.queries().size()][];
    for (int i = 0; i < queries.length; i++) {
      queries[i] = BenchCorpus.perturb(new float[DIMENSION], random);
    }
    return new EmbeddedPool("test-model", "k1", docs, queries);
  }

  @Test
  void realRecordsComeFirstThenDerivedOnes() {
    TextPool pool = pool();
    BenchCorpus corpus = BenchCorpus.create(pool, vectors(pool), 50);
    assertEquals(50, corpus.size());
    assertEquals(REAL, corpus.realRecords());
    for (int i = 0; i < REAL; i++) {
      MemoryRecord r = corpus.records().get(i);
      assertEquals(pool.texts().get(i).id(), r.id());
      assertEquals(pool.texts().get(i).content(), r.content());
      assertEquals(pool.texts().get(i).silo(), r.silo());
      assertArrayEquals(vectors(pool).documents()[i], r.vector());
    }
    assertEquals("derived/20", corpus.records().get(20).id());
    assertEquals(
        50, new HashSet<>(corpus.records().stream().map(MemoryRecord::id).toList()).size());
    assertEquals(2, corpus.queries().size(), "queries are deduplicated by text");
    assertEquals("test-model", corpus.records().get(49).embeddingModel());
  }

  @Test
  void derivedVectorsStayNearTheirSource() {
    Random random = new Random(1);
    float[] source = BenchCorpus.perturb(new float[DIMENSION], random);
    double sum = 0;
    int n = 200;
    for (int i = 0; i < n; i++) {
      float[] v = BenchCorpus.perturb(source, random);
      double norm = 0;
      double dot = 0;
      for (int j = 0; j < DIMENSION; j++) {
        norm += v[j] * v[j];
        dot += v[j] * source[j];
      }
      assertEquals(1.0, norm, 1e-4, "unit length");
      sum += dot;
    }
    double expected = 1 / Math.sqrt(1 + BenchCorpus.PERTURBATION * BenchCorpus.PERTURBATION);
    assertEquals(expected, sum / n, 0.02);
  }

  @Test
  void derivedTextKeepsTheSourceSentencesButOne() {
    String text = BenchCorpus.derivedText("A one. B two. C three.", "Donor.", new Random(3));
    assertTrue(text.contains("Donor."), text);
    assertEquals(3, text.split("(?<=[.!?])\\s+").length, text);
    assertEquals("Only. Donor.", BenchCorpus.derivedText("Only.", "Donor.", new Random(3)));
  }

  @Test
  void keyNamesSizeAndVectors() {
    TextPool pool = pool();
    EmbeddedPool v = vectors(pool);
    assertEquals(BenchCorpus.keyFor(v, 30), BenchCorpus.create(pool, v, 30).key());
    assertNotEquals(BenchCorpus.keyFor(v, 30), BenchCorpus.keyFor(v, 31));
    assertNotEquals(
        BenchCorpus.keyFor(v, 30),
        BenchCorpus.keyFor(new EmbeddedPool("test-model", "k2", v.documents(), v.queries()), 30));
  }

  @Test
  void poolOrderDependsOnlyOnTheSeed() {
    assertEquals(pool().texts(), pool().texts());
    assertEquals(pool().queries(), pool().queries());
    List<TextPool.Text> texts = pool().texts();
    assertNotEquals(texts, TextPool.of(texts, List.of("q"), 43).texts());
  }

  @Property(tries = 30)
  void aSmallerCorpusIsAPrefixOfALargerOne(
      @ForAll @IntRange(min = 1, max = 60) int small,
      @ForAll @IntRange(min = 0, max = 40) int more) {
    TextPool pool = pool();
    EmbeddedPool v = vectors(pool);
    List<MemoryRecord> smaller = BenchCorpus.create(pool, v, small).records();
    List<MemoryRecord> larger = BenchCorpus.create(pool, v, small + more).records();
    assertEquals(smaller, larger.subList(0, small));
    assertEquals(
        smaller,
        BenchCorpus.create(pool(), vectors(pool()), small).records(),
        "same inputs, same records");
  }
}
