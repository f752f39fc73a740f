package dev.recall4j.benchmarks;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.embeddings.Embedders;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.store.VectorEncoding;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Memory with an index open (issue 7 item 8), run in a JVM of its own so that nothing else is
 * resident: opens an engine with the defaults over a copy of the cached int8 index of {@code size}
 * records (the benchmark pool dropped from memory first), runs {@code recalls} recalls cycling over
 * the benchmark questions, then reports heap
 * used after a full GC, committed heap, resident set size (VmRSS), split into anonymous memory
 * (RssAnon: the JVM's own) and file-backed pages (RssFile: the memory-mapped index, which the kernel
 * can drop), and its peak (VmHWM), from {@code /proc/self/status} (-1 where there is no such file), and the index bytes on disk per record.
 *
 * <p>Usage: {@code java -Xmx512m -cp benchmarks.jar dev.recall4j.benchmarks.MemoryProbe OUT.json SIZE
 * precomputed|embedded RECALLS}. {@code embedded} loads MiniLM and embeds every question, which
 * adds the ONNX runtime and model to the figures.
 */
public final class MemoryProbe {
  private MemoryProbe() {}

  public static void main(String[] args) throws IOException, InterruptedException {
    if (args.length != 4) {
      throw new IllegalArgumentException("usage: MemoryProbe OUT.json SIZE precomputed|embedded RECALLS");
    }
    Path out = Path.of(args[0]);
    int size = Integer.parseInt(args[1]);
    boolean embedded = args[2].equals("embedded");
    int recalls = Integer.parseInt(args[3]);
    List<BenchQuery> queries = Fixtures.queries();
    Path copy = Fixtures.copy(Fixtures.luceneIndex(size, VectorEncoding.INT8, 16, 100));
    // The pool's texts and vectors are setup, not part of an agent's footprint.
    Fixtures.releaseAll();
    Map<String, Object> result = new LinkedHashMap<>();
    try {
      long indexBytes = Fixtures.sizeOf(copy);
      try (RecallEngine engine = HybridRecallBenchmark.open(
          copy, embedded ? Embedders.inProcess(Fixtures.MODEL) : Fixtures.precomputedEmbedder(queries), embedded)) {
        for (int i = 0; i < recalls; i++) {
          engine.recall(RecallRequest.builder(queries.get(i % queries.size()).text()).build());
        }
        // Let the background access-statistics writes settle before measuring.
        Thread.sleep(500);
        System.gc();
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        result.put("size", size);
        result.put("query", args[2]);
        result.put("recalls", recalls);
        result.put("heapUsedBytes", heap.getUsed());
        result.put("heapCommittedBytes", heap.getCommitted());
        result.put("heapMaxBytes", heap.getMax());
        result.put("rssBytes", status("VmRSS").orElse(-1L));
        result.put("rssAnonBytes", status("RssAnon").orElse(-1L));
        result.put("rssFileBytes", status("RssFile").orElse(-1L));
        result.put("peakRssBytes", status("VmHWM").orElse(-1L));
        result.put("indexBytes", indexBytes);
        result.put("indexBytesPerRecord", indexBytes / (double) size);
      }
    } finally {
      Fixtures.delete(copy);
    }
    new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(out.toFile(), result);
  }

  /** A {@code /proc/self/status} field in bytes (the file gives kB). */
  static Optional<Long> status(String field) {
    try {
      Path file = Path.of("/proc/self/status");
      if (!Files.isReadable(file)) {
        return Optional.empty();
      }
      return parseStatus(Files.readString(file), field);
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  static Optional<Long> parseStatus(String text, String field) {
    for (String line : text.split("\n")) {
      if (line.startsWith(field + ":")) {
        String[] parts = line.substring(field.length() + 1).strip().split("\\s+");
        return Optional.of(Long.parseLong(parts[0]) * 1024);
      }
    }
    return Optional.empty();
  }
}
