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
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Memory with an index open (issue 7 item 8), run in a JVM of its own so that nothing else is
 * resident: opens an engine with the defaults over a copy of the cached int8 index of {@code size}
 * records (the benchmark pool dropped from memory first), runs {@code recalls} recalls cycling over
 * the benchmark questions, then reports heap
 * used after a full GC, committed heap, resident set size (VmRSS), split into anonymous memory
 * (RssAnon: the JVM's own) and file-backed pages (RssFile: the memory-mapped index, which the kernel
 * can drop), and its peak (VmHWM), from {@code /proc/self/status} (-1 where there is no such file);
 * the resident index pages by file type; and the index bytes on disk per record.
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
        result.put("rssIndexBytesByFileType", residentIndexBytes(copy));
        result.put("indexBytes", indexBytes);
        result.put("indexBytesPerRecord", indexBytes / (double) size);
      }
    } finally {
      Fixtures.delete(copy);
    }
    new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(out.toFile(), result);
  }

  /**
   * Resident bytes of the memory-mapped files under {@code index}, summed by Lucene file extension
   * ({@code dvd}: doc values including the record blobs; {@code vec}, {@code veq}, {@code vex}: raw
   * and quantised vectors, HNSW graph; {@code doc}, {@code pos}, {@code tim}: postings and terms;
   * {@code cfs}: small compound segments), from {@code /proc/self/smaps}; empty where there is none.
   */
  static Map<String, Long> residentIndexBytes(Path index) {
    Path smaps = Path.of("/proc/self/smaps");
    if (!Files.isReadable(smaps)) {
      return Map.of();
    }
    try {
      return parseSmaps(Files.readString(smaps), index.toAbsolutePath().toString());
    } catch (IOException e) {
      return Map.of();
    }
  }

  static Map<String, Long> parseSmaps(String text, String directory) {
    Map<String, Long> bytes = new TreeMap<>();
    String extension = null;
    for (String line : text.split("\n")) {
      if (HEADER.matcher(line).find()) {
        int path = line.indexOf(directory + "/");
        extension = null;
        if (path >= 0) {
          String name = line.substring(path + directory.length() + 1).strip();
          int dot = name.lastIndexOf('.');
          extension = dot < 0 ? name : name.substring(dot + 1);
        }
      } else if (extension != null && line.startsWith("Rss:")) {
        long kb = Long.parseLong(line.substring(4).strip().split("\\s+")[0]);
        bytes.merge(extension, kb * 1024, Long::sum);
      }
    }
    return bytes;
  }

  /** The first line of a mapping in smaps: an address range. */
  private static final Pattern HEADER = Pattern.compile("^[0-9a-f]+-[0-9a-f]+ ");

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
