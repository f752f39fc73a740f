package dev.recall4j.benchmarks;

import dev.recall4j.core.store.VectorEncoding;
import java.util.List;

/**
 * What {@code bin/bench --quick}, {@code --full} and {@code --scale} run. All use the same corpora
 * and questions, so their medians are comparable; the full profile measures longer, forks twice,
 * ingests 100K records, and measures every encoding and M = 32 at 100K records too. The scale
 * profile is the scaling curve (issue 22 item 5): lexical, vector and hybrid latency and recall@10
 * at 10K, 100K and 1M records, with the default settings only, measured as long as a focused run.
 *
 * @param name {@code quick}, {@code full} or {@code scale}
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
 * @param statusQuoMaxSize the largest size the status quo (SQLite) is built and measured at: its
 *     hybrid scans every vector, seconds a query at 1M records
 * @param compactLargest whether the largest index is also compacted, measured compacted, and probed
 *     for memory and tail latency compacted (else as built): compacting 1M records rebuilds the
 *     HNSW graph, another half hour
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
    int memoryRecalls,
    int statusQuoMaxSize,
    boolean compactLargest) {

  private static final int[] CANDIDATES = {10, 20, 50, 100, 150, 200};
  private static final int ALL_SIZES = Integer.MAX_VALUE;
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
        1_000,
        ALL_SIZES,
        true);
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
        1_000,
        ALL_SIZES,
        true);
  }

  /**
   * The scaling curve: 10K, 100K and 1M records, default settings (and the recall curve up to
   * {@link HybridRecall}'s reference candidates), no model, no ingest; JMH as the focused
   * runs ({@code -wi 3 -w 2s -i 4 -r 2s}); the status quo up to 100K. Building the 1M corpus and
   * index needs a main heap of about 8 GB ({@code RECALL4J_BENCH_HEAP=8g}) and half an hour once
   * (cached).
   */
  static Profile scale() {
    return new Profile(
        "scale",
        List.of(10_000, 100_000, 1_000_000),
        List.of(),
        List.of(DEFAULTS),
        List.of(DEFAULTS),
        new int[] {10, 20, 50, 100, 150, 200, HybridRecall.REFERENCE_CANDIDATES},
        List.of(),
        1,
        3,
        4,
        2,
        1_000,
        100_000,
        false);
  }

  /** Whether the status quo is measured at this size. */
  boolean statusQuoAt(int size) {
    return size <= statusQuoMaxSize;
  }
}
