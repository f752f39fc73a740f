package dev.recall4j.opensearch;

import static dev.recall4j.opensearch.TestStores.ids;
import static dev.recall4j.opensearch.TestStores.record;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.store.Hit;
import dev.recall4j.core.store.StoreFilter;
import dev.recall4j.core.store.VectorEncoding;
import dev.recall4j.store.LuceneStore;
import dev.recall4j.store.StoreOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same records in the in-process store and in a one-shard cluster index give the same hits in
 * the same order with the same scores: BM25 with the same analysis and parameters, and the same
 * cosine of the same unit vectors (float vectors on both sides, so that no quantisation differs).
 */
@ExtendWith(OpenSearchCluster.class)
class InProcessParityTest {
  private static final int DIMENSION = 16;
  private static final List<String> TEXTS =
      List.of(
          "The Brest tide gauge reports every ten minutes",
          "Tide tables for the Atlantic coast, published yearly",
          "Gauges drift: recalibrate the pressure sensor each spring",
          "Shell scripts should quote their variables",
          "Quote every variable in shell scripts, always",
          "The running totals of the runners' races",
          "Minutes of the meeting about the tide report",
          "The report's running headers repeat every page");

  @TempDir Path dir;

  @Test
  void bm25AndCosineScoresAreThoseOfTheInProcessStore(OpenSearchCluster.Hosts hosts)
      throws IOException {
    Random random = new Random(7);
    List<MemoryRecord> records = new ArrayList<>();
    for (int i = 0; i < TEXTS.size(); i++) {
      records.add(
          record("r" + i, TEXTS.get(i))
              .tags(i % 3 == 0 ? List.of("tides") : List.of())
              .vector(vector(random))
              .build());
    }
    StoreFilter filter = StoreFilter.recallable(Scope.of("ns"));
    try (TestStores stores = new TestStores(hosts);
        LuceneStore local =
            LuceneStore.open(
                StoreOptions.builder(dir)
                    .embedding("test-model", DIMENSION)
                    .vectorEncoding(VectorEncoding.FLOAT32)
                    .codeFieldBoost(0)
                    .build());
        OpenSearchStore cluster =
            stores.open(
                TestStores.newIndex("parity"),
                b ->
                    b.embedding("test-model", DIMENSION)
                        .vectorEncoding(VectorEncoding.FLOAT32)
                        .codeFieldBoost(0))) {
      local.upsertAll(records);
      cluster.upsertAll(records);
      for (String query :
          List.of(
              "tide report", "quote shell variables", "running runners", "the gauges' minutes")) {
        assertSameHits(
            local.searchLexical(query, filter, 10), cluster.searchLexical(query, filter, 10), 1e-4);
      }
      for (int i = 0; i < 5; i++) {
        float[] query = vector(random);
        assertSameHits(
            local.searchVector(query, filter, 5), cluster.searchVector(query, filter, 5), 1e-5);
      }
    }
  }

  private static void assertSameHits(List<Hit> local, List<Hit> cluster, double tolerance) {
    assertThat(ids(cluster)).isEqualTo(ids(local));
    for (int i = 0; i < local.size(); i++) {
      assertThat((double) cluster.get(i).score())
          .as("score of %s", local.get(i).record().id())
          .isCloseTo(local.get(i).score(), within(tolerance * Math.max(1, local.get(i).score())));
    }
  }

  private static float[] vector(Random random) {
    float[] v = new float[DIMENSION];
    for (int i = 0; i < v.length; i++) {
      v[i] = (float) random.nextGaussian();
    }
    return v;
  }
}
