package dev.recall4j.benchmarks;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.store.VectorEncoding;
import dev.recall4j.engine.RecallEngine;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/**
 * What an agent's writes cost on the index batched ingest left: {@code WRITES} records saved one at
 * a time through the engine (each its own durable commit, as an agent saves a memory), into a
 * private copy of the cached as-built index of {@code SIZE} records, then the close, which waits
 * for the merges those commits started. The records are the corpus's first, each with a new id and
 * its content marked so that no write is a duplicate. Prints the writes' p50 and p99, the wall time
 * of all writes and of the close, the process's CPU time over both (merge threads included) and the
 * segments left. The store's merge policy trades this merging for fewer segments to search (issue
 * 35).
 *
 * <p>Usage: {@code java --add-modules jdk.incubator.vector -cp benchmarks.jar
 * dev.recall4j.benchmarks.SingleWrites SIZE WRITES}.
 */
public final class SingleWrites {
  private SingleWrites() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      throw new IllegalArgumentException("usage: SingleWrites SIZE WRITES");
    }
    int size = Integer.parseInt(args[0]);
    int writes = Integer.parseInt(args[1]);
    List<MemoryRecord> records =
        Fixtures.corpus(size).records().stream()
            .limit(writes)
            .map(
                r ->
                    r.toBuilder()
                        .id(r.id() + "-again")
                        .content(r.content() + " (written again)")
                        .build())
            .toList();
    Path workspace = Fixtures.copy(Fixtures.luceneIndex(size, VectorEncoding.INT8, 16, 100));
    try {
      var cpu =
          (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
      long cpuStart = cpu.getProcessCpuTime();
      double[] millis = new double[records.size()];
      long start = System.nanoTime();
      long closeStart;
      try (RecallEngine engine =
          HybridRecallBenchmark.open(workspace, Fixtures.precomputedEmbedder(), false)) {
        for (int i = 0; i < records.size(); i++) {
          long t = System.nanoTime();
          engine.save(records.get(i));
          millis[i] = (System.nanoTime() - t) / 1e6;
        }
        closeStart = System.nanoTime();
      }
      long end = System.nanoTime();
      long cpuNanos = cpu.getProcessCpuTime() - cpuStart;
      Arrays.sort(millis);
      int segments;
      try (Directory files = FSDirectory.open(workspace);
          DirectoryReader reader = DirectoryReader.open(files)) {
        segments = reader.leaves().size();
      }
      System.out.printf(
          Locale.ROOT,
          "%d writes into %d records: write p50 %.1f ms, p99 %.1f ms; writes %.1f s, close %.1f s,"
              + " CPU %.1f s; %d segments left; load %.2f%n",
          writes,
          size,
          RecallLatency.percentile(millis, 50),
          RecallLatency.percentile(millis, 99),
          (closeStart - start) / 1e9,
          (end - closeStart) / 1e9,
          cpuNanos / 1e9,
          segments,
          ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    } finally {
      Fixtures.delete(workspace);
    }
  }
}
