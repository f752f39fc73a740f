package dev.recall4j.opensearch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.store.IndexSettings;
import dev.recall4j.core.store.VectorEncoding;
import dev.recall4j.engine.EmbedderProvider;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.HashingEmbedder;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.StoreKit;
import dev.recall4j.ranking.Candidate;
import dev.recall4j.ranking.PathResult;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same records under an engine over the in-process index and under one over the cluster store
 * give the same candidates in the same order with the same scores on both paths: BM25 with the same
 * analysis and parameters, and the same cosine of the same unit vectors (float vectors on both
 * sides, so that no quantisation differs). Compared through the engine, which reaches both stores
 * through the store seam only.
 */
@ExtendWith(ClusterStores.class)
class InProcessParityTest {
  private static final int DIMENSION = 16;
  private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");
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

  @TempDir Path local;
  @TempDir Path remote;

  @Test
  void bm25AndCosineScoresAreThoseOfTheInProcessStore(StoreKit cluster) throws IOException {
    assertSameRetrieval(cluster, VectorEncoding.FLOAT32);
  }

  /**
   * The cluster's int8 copy of the vectors finds the candidates, their exact cosine ranks them:
   * with every record a candidate, the order and the scores are those of float vectors in process.
   */
  @Test
  void quantisedOnTheClusterTheVectorScoresAreStillExact(StoreKit cluster) throws IOException {
    assertSameRetrieval(cluster, VectorEncoding.INT8);
  }

  private void assertSameRetrieval(StoreKit cluster, VectorEncoding clusterEncoding)
      throws IOException {
    Random random = new Random(7);
    List<MemoryRecord> records = new ArrayList<>();
    for (int i = 0; i < TEXTS.size(); i++) {
      records.add(
          MemoryRecord.builder()
              .id("r" + i)
              .silo(Silo.MEMORY)
              .scope(Scope.of("ns"))
              .content(TEXTS.get(i))
              .tags(i % 3 == 0 ? List.of("tides") : List.of())
              .vector(vector(random))
              .build(T0));
    }
    try (RecallEngine inProcess = open(config(local).build());
        RecallEngine onCluster =
            open(
                config(remote)
                    .indexSettings(
                        IndexSettings.DEFAULTS
                            .withVectorEncoding(clusterEncoding)
                            .withCodeFieldBoost(0))
                    .store(cluster.newStore())
                    .build())) {
      inProcess.importAll(records);
      onCluster.importAll(records);
      for (String query :
          List.of(
              "tide report", "quote shell variables", "running runners", "the gauges' minutes")) {
        RecallRequest request =
            RecallRequest.builder(query)
                .scope(Scope.of("ns"))
                .topK(5)
                .deadline(Duration.ofSeconds(30))
                .build();
        List<PathResult> expected = inProcess.retrieve(request).paths();
        List<PathResult> actual = onCluster.retrieve(request).paths();
        for (int p = 0; p < expected.size(); p++) {
          assertSameCandidates(expected.get(p), actual.get(p));
        }
      }
    }
  }

  private static EngineConfig.Builder config(Path workspace) {
    return EngineConfig.builder(workspace)
        .embedderProvider(EmbedderProvider.NONE)
        .statsEnabled(false)
        .indexSettings(
            IndexSettings.DEFAULTS
                .withVectorEncoding(VectorEncoding.FLOAT32)
                .withCodeFieldBoost(0));
  }

  private static RecallEngine open(EngineConfig config) throws IOException {
    return RecallEngine.open(config, new HashingEmbedder(DIMENSION), Clock.systemUTC());
  }

  private static void assertSameCandidates(PathResult local, PathResult cluster) {
    assertThat(cluster.path()).isEqualTo(local.path());
    assertThat(cluster.ranked().stream().map(Candidate::id).toList())
        .as(local.path())
        .isEqualTo(local.ranked().stream().map(Candidate::id).toList());
    for (int i = 0; i < local.ranked().size(); i++) {
      double expected = local.ranked().get(i).score();
      assertThat(cluster.ranked().get(i).score())
          .as("%s score of %s", local.path(), local.ranked().get(i).id())
          .isCloseTo(expected, within(1e-4 * Math.max(1, expected)));
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
