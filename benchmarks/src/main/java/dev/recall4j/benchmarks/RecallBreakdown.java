package dev.recall4j.benchmarks;

import dev.recall4j.core.store.VectorEncoding;
import java.io.IOException;

/**
 * {@link RecallLatency} over the cached benchmark index of one size, building it (and the question
 * file) first when the cache lacks it: the per-stage breakdown, CPU time and allocation of a recall
 * at 1K, 10K or 100K records without a whole {@code bin/bench} run.
 *
 * <p>Usage: {@code java -cp benchmarks.jar dev.recall4j.benchmarks.RecallBreakdown OUT.json SIZE
 * built|compacted WARMUP_ROUNDS ROUNDS}.
 */
public final class RecallBreakdown {
  private RecallBreakdown() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 5) {
      throw new IllegalArgumentException(
          "usage: RecallBreakdown OUT.json SIZE built|compacted WARMUP_ROUNDS ROUNDS");
    }
    int size = Integer.parseInt(args[1]);
    String index =
        switch (args[2]) {
          case "built" -> Fixtures.luceneIndex(size, VectorEncoding.INT8, 16, 100).toString();
          case "compacted" ->
              Fixtures.compactedLuceneIndex(size, VectorEncoding.INT8, 16, 100).toString();
          default ->
              throw new IllegalArgumentException("layout: built or compacted, got " + args[2]);
        };
    String queries = Fixtures.queryFile().toString();
    Fixtures.releaseAll();
    RecallLatency.main(new String[] {args[0], index, queries, args[3], args[4]});
  }
}
