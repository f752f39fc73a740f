package dev.recall4j.store;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.store.StoreFilter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A quality assertion, not a timing: with the default options (INT8, M 16, beam 100, 100
 * candidates), filtered HNSW search finds at least 95% of the exact top 10 on 2,000 random unit
 * vectors of dimension 64 (uniform random vectors are a hard case: no cluster structure to
 * exploit).
 */
class HnswRecallTest {
  private static final Logger LOG = LoggerFactory.getLogger(HnswRecallTest.class);
  private static final int DOCS = 2_000;
  private static final int DIMENSION = 64;
  private static final int QUERIES = 50;
  private static final int K = 10;

  @TempDir Path dir;

  @Test
  void defaultSettingsGiveRecallAt10OfAtLeast95PercentAgainstExactSearch() throws IOException {
    Random random = new Random(20250301L);
    List<float[]> vectors = new ArrayList<>();
    List<MemoryRecord> records = new ArrayList<>();
    for (int i = 0; i < DOCS; i++) {
      float[] v = unit(random);
      vectors.add(v);
      records.add(TestRecords.record(String.format("v%05d", i), "vector " + i).vector(v).build());
    }
    double recall;
    try (LuceneStore store =
        LuceneStore.open(StoreOptions.builder(dir).embedding("random", DIMENSION).build())) {
      for (int from = 0; from < DOCS; from += 500) {
        store.upsertAll(records.subList(from, from + 500));
      }
      int found = 0;
      for (int q = 0; q < QUERIES; q++) {
        float[] query = unit(random);
        Set<String> exact = new HashSet<>(exactTop(vectors, query));
        found +=
            (int)
                store.searchVector(query, StoreFilter.all(Scope.of("ns")), K).stream()
                    .filter(h -> exact.contains(h.record().id()))
                    .count();
      }
      recall = found / (double) (QUERIES * K);
    }
    LOG.info(
        "HNSW recall@{} against exact search on {} random unit vectors of dimension {}: {}",
        K,
        DOCS,
        DIMENSION,
        recall);
    assertTrue(recall >= 0.95, "recall@10 = " + recall);
  }

  private static List<String> exactTop(List<float[]> vectors, float[] query) {
    return IntStream.range(0, vectors.size())
        .boxed()
        .sorted(
            Comparator.comparingDouble((Integer i) -> -dot(vectors.get(i), query))
                .thenComparing(i -> i))
        .limit(K)
        .map(i -> String.format("v%05d", i))
        .toList();
  }

  private static double dot(float[] a, float[] b) {
    double sum = 0;
    for (int i = 0; i < a.length; i++) {
      sum += (double) a[i] * b[i];
    }
    return sum;
  }

  private static float[] unit(Random random) {
    float[] v = new float[DIMENSION];
    double norm = 0;
    for (int i = 0; i < v.length; i++) {
      v[i] = (float) random.nextGaussian();
      norm += (double) v[i] * v[i];
    }
    for (int i = 0; i < v.length; i++) {
      v[i] /= (float) Math.sqrt(norm);
    }
    return v;
  }
}
