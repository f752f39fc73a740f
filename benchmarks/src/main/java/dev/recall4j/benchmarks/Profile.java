package dev.recall4j.benchmarks;

import dev.recall4j.store.VectorEncoding;
import java.util.List;

/**
 * What {@code bin/bench --quick} and {@code --full} run. Both use the same corpora and questions,
 * so their medians are comparable; the full profile measures longer, forks twice, ingests 100K
 * records, and measures every encoding and M = 32 at 100K records too.
 *
 * @param name {@code quick} or {@code full}
 * @param sizes corpus sizes of the search benchmarks and the recall curve
 * @param ingestSizes corpus sizes of the ingest benchmark
 * @param curveSettings index settings of the recall curve (each an index build per size)
 * @param largestSettings the settings measured at the largest size (building a 100K HNSW index
 *     takes minutes on 2 cores, so the quick profile measures only the default encoding there)
 * @param curveCandidates vector candidate counts of the recall curve
 * @param embeddingModels the in-process models {@link EmbeddingBenchmark} measures
 * @param forks JMH forks per benchmark
 * @param warmupIterations JMH warm-up iterations
 * @param measurementIterations JMH measurement iterations
 * @param iterationSeconds seconds per JMH iteration (time-based modes)
 * @param memoryRecalls recalls before measuring memory
 */
record Profile(
    String name,
    List<Integer> sizes,
    List<Integer> ingestSizes,
    List<RecallCurve.Setting> curveSettings,
    List<RecallCurve.Setting> largestSettings,
    int[] curveCandidates,
    List<String> embeddingModels,
    int forks,
    int warmupIterations,
    int measurementIterations,
    int iterationSeconds,
    int memoryRecalls) {

  private static final int[] CANDIDATES = {10, 20, 50, 100, 150, 200};
  private static final RecallCurve.Setting DEFAULTS =
      new RecallCurve.Setting(VectorEncoding.INT8, 16, 100);

  /** The settings measured at this size. */
  List<RecallCurve.Setting> settingsAt(int size) {
    return size == sizes.get(sizes.size() - 1) ? largestSettings : curveSettings;
  }

  static Profile quick() {
    return new Profile(
        "quick",
        List.of(1_000, 10_000, 100_000),
        List.of(1_000, 10_000),
        List.of(
            DEFAULTS,
            new RecallCurve.Setting(VectorEncoding.FLOAT32, 16, 100),
            new RecallCurve.Setting(VectorEncoding.INT4, 16, 100),
            new RecallCurve.Setting(VectorEncoding.INT8, 32, 100)),
        List.of(DEFAULTS),
        CANDIDATES,
        List.of("all-minilm-l6-v2-q"),
        1,
        2,
        3,
        1,
        1_000);
  }

  static Profile full() {
    return new Profile(
        "full",
        List.of(1_000, 10_000, 100_000),
        List.of(1_000, 10_000, 100_000),
        List.of(
            DEFAULTS,
            new RecallCurve.Setting(VectorEncoding.FLOAT32, 16, 100),
            new RecallCurve.Setting(VectorEncoding.INT4, 16, 100),
            new RecallCurve.Setting(VectorEncoding.INT8, 32, 100)),
        List.of(
            DEFAULTS,
            new RecallCurve.Setting(VectorEncoding.FLOAT32, 16, 100),
            new RecallCurve.Setting(VectorEncoding.INT4, 16, 100),
            new RecallCurve.Setting(VectorEncoding.INT8, 32, 100)),
        CANDIDATES,
        List.of("all-minilm-l6-v2-q", "bge-small-en-v15-q"),
        2,
        3,
        5,
        2,
        1_000);
  }
}
