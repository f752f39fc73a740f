package dev.recall4j.benchmarks;

import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.store.VectorEncoding;
import dev.recall4j.engine.RecallEngine;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * What a recall pays the first time its records meet an engine against every later time. The
 * per-record work an engine does once and keeps (the token counts of each record's line and of its
 * cuts, dedup's token sets) is cold in a freshly opened engine and warm after one pass over the
 * questions. Issue 35 (item 1) has that work stored in the index at write time ({@link
 * dev.recall4j.core.ContentFacts}); run over an index written without them (the optional {@code
 * INDEX}: a copy of the same records without stored facts) against the cached one, this measures
 * what they save.
 *
 * <p>Each round closes the engine, opens a new one over the same private copy of the cached index
 * (the JIT and the page cache stay warm; only the engine's caches are new), asks every question
 * once (cold), then once more (warm). The JIT is warmed first by {@code 3} passes of a throwaway
 * engine. Vector precomputed, every engine default, as in {@link HybridRecallBenchmark}.
 *
 * <p>Usage: {@code java --add-modules jdk.incubator.vector -cp benchmarks.jar
 * dev.recall4j.benchmarks.FirstRecall SIZE ROUNDS [INDEX]}. Prints one line per pass.
 */
public final class FirstRecall {
  private static final int JIT_PASSES = 3;

  private FirstRecall() {}

  public static void main(String[] args) throws IOException {
    if (args.length < 2 || args.length > 3) {
      throw new IllegalArgumentException("usage: FirstRecall SIZE ROUNDS [INDEX]");
    }
    int size = Integer.parseInt(args[0]);
    int rounds = Integer.parseInt(args[1]);
    List<BenchQuery> queries = Fixtures.queries();
    Path copy =
        Fixtures.copy(
            args.length == 3
                ? Path.of(args[2])
                : Fixtures.luceneIndex(size, VectorEncoding.INT8, 16, 100));
    try {
      try (RecallEngine engine = open(copy, queries)) {
        for (int pass = 0; pass < JIT_PASSES; pass++) {
          pass(engine, queries);
        }
      }
      double[][] cold = new double[rounds][];
      double[][] warm = new double[rounds][];
      for (int r = 0; r < rounds; r++) {
        try (RecallEngine engine = open(copy, queries)) {
          cold[r] = pass(engine, queries);
          warm[r] = pass(engine, queries);
        }
      }
      System.out.println(line("first pass (engine caches cold)", cold));
      System.out.println(line("second pass (warm)", warm));
    } finally {
      Fixtures.delete(copy);
    }
  }

  private static RecallEngine open(Path index, List<BenchQuery> queries) throws IOException {
    return HybridRecallBenchmark.open(index, Fixtures.precomputedEmbedder(queries), false);
  }

  /** Milliseconds of each question's recall, in question order. */
  private static double[] pass(RecallEngine engine, List<BenchQuery> queries) {
    double[] millis = new double[queries.size()];
    for (int q = 0; q < queries.size(); q++) {
      long start = System.nanoTime();
      engine.recall(RecallRequest.builder(queries.get(q).text()).build());
      millis[q] = (System.nanoTime() - start) / 1e6;
    }
    return millis;
  }

  private static String line(String label, double[][] rounds) {
    double[] all = Arrays.stream(rounds).flatMapToDouble(Arrays::stream).sorted().toArray();
    return String.format(
        Locale.ROOT,
        "%s: %d recalls, p50 %.3f ms, p90 %.3f ms, mean %.3f ms",
        label,
        all.length,
        all[all.length / 2],
        all[(int) (all.length * 0.9)],
        Arrays.stream(all).average().orElse(Double.NaN));
  }
}
