package dev.recall4j.benchmarks;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.embeddings.Embedders;
import dev.recall4j.engine.RecallEngine;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.management.JMException;
import javax.management.ObjectName;

/**
 * Memory with an index open (issue 7 item 8), measured as an embedder would see it: a JVM of its
 * own that reads only the 200 questions ({@link QueryFile}, never the benchmark's text pool), opens
 * an engine with the defaults over a private copy (hard links) of a finished index, runs {@code
 * recalls} recalls cycling over the questions, then reports heap used after a full GC, committed
 * heap, the JVM's non-heap pools (metaspace, code cache), resident set size (VmRSS), split into
 * anonymous memory (RssAnon: the JVM's own) and file-backed pages (RssFile: the memory-mapped
 * index, which the kernel can drop), and its peak (VmHWM), from {@code /proc/self/status} (-1 where
 * there is no such file); the resident index pages by file type against each type's bytes on disk,
 * right after opening and after the recalls; and the index bytes on disk per record.
 *
 * <p>Resident index pages depend on the page cache, not only on what recall reads: a page fault on
 * a file already cached maps its neighbours too (the kernel's fault-around, 64 KB), and on a file
 * not cached the kernel reads ahead unless Lucene advised random access. So a probe right after the
 * index was built (all of it cached) reports more than one after a reboot.
 *
 * <p>Usage: {@code java -Xmx512m -cp benchmarks.jar dev.recall4j.benchmarks.MemoryProbe OUT.json
 * SIZE INDEX QUERIES precomputed|embedded RECALLS}, INDEX a finished index (left untouched),
 * QUERIES a {@link QueryFile}. {@code embedded} loads MiniLM and embeds every question, which adds
 * the ONNX runtime and model to the figures.
 */
public final class MemoryProbe {
  private MemoryProbe() {}

  public static void main(String[] args) throws IOException, InterruptedException {
    if (args.length != 6) {
      throw new IllegalArgumentException(
          "usage: MemoryProbe OUT.json SIZE INDEX QUERIES precomputed|embedded RECALLS");
    }
    Path out = Path.of(args[0]);
    int size = Integer.parseInt(args[1]);
    Path index = Path.of(args[2]);
    List<BenchQuery> queries = QueryFile.read(Path.of(args[3]));
    boolean embedded = args[4].equals("embedded");
    int recalls = Integer.parseInt(args[5]);
    Path copy = Fixtures.copy(index);
    Map<String, Object> result = new LinkedHashMap<>();
    try {
      long indexBytes = Fixtures.sizeOf(copy);
      try (RecallEngine engine =
          HybridRecallBenchmark.open(
              copy,
              embedded
                  ? Embedders.inProcess(Fixtures.MODEL)
                  : Fixtures.precomputedEmbedder(queries),
              embedded)) {
        Map<String, Object> opened = new LinkedHashMap<>();
        opened.put("rssBytes", status("VmRSS").orElse(-1L));
        opened.put("rssAnonBytes", status("RssAnon").orElse(-1L));
        opened.put("rssIndexBytesByFileType", residentIndexBytes(copy));
        for (int i = 0; i < recalls; i++) {
          engine.recall(RecallRequest.builder(queries.get(i % queries.size()).text()).build());
        }
        // Let the background access-statistics writes settle before measuring.
        Thread.sleep(500);
        System.gc();
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        result.put("size", size);
        result.put("query", args[4]);
        result.put("recalls", recalls);
        result.put("heapUsedBytes", heap.getUsed());
        result.put("heapCommittedBytes", heap.getCommitted());
        result.put("heapMaxBytes", heap.getMax());
        result.put("nonHeapCommittedBytes", nonHeapCommitted());
        result.put("rssBytes", status("VmRSS").orElse(-1L));
        result.put("rssAnonBytes", status("RssAnon").orElse(-1L));
        result.put("rssFileBytes", status("RssFile").orElse(-1L));
        result.put("peakRssBytes", status("VmHWM").orElse(-1L));
        result.put("rssIndexBytesByFileType", residentIndexBytes(copy));
        result.put("indexBytesByFileType", bytesByFileType(copy));
        result.put("afterOpen", opened);
        result.put("jvmArgs", ManagementFactory.getRuntimeMXBean().getInputArguments());
        result.put("mappingFlagsByFileType", mappingFlags(copy));
        nativeMemory().ifPresent(nmt -> result.put("nativeMemorySummary", nmt));
        result.put("indexBytes", indexBytes);
        result.put("indexBytesPerRecord", indexBytes / (double) size);
      }
    } finally {
      Fixtures.delete(copy);
    }
    new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(out.toFile(), result);
  }

  /**
   * Committed bytes of each non-heap pool (Metaspace, CodeHeap segments, compressed class space).
   */
  private static Map<String, Long> nonHeapCommitted() {
    Map<String, Long> bytes = new TreeMap<>();
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.NON_HEAP) {
        bytes.put(pool.getName(), pool.getUsage().getCommitted());
      }
    }
    return bytes;
  }

  /**
   * The JVM's own account of its native memory by category (heap, class, code, GC, threads, other)
   * when it runs with {@code -XX:NativeMemoryTracking=summary}: what the anonymous RSS is made of.
   */
  private static Optional<String> nativeMemory() {
    if (ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
        .noneMatch(a -> a.contains("NativeMemoryTracking"))) {
      return Optional.empty();
    }
    try {
      Object text =
          ManagementFactory.getPlatformMBeanServer()
              .invoke(
                  new ObjectName("com.sun.management:type=DiagnosticCommand"),
                  "vmNativeMemory",
                  new Object[] {new String[] {"summary", "scale=MB"}},
                  new String[] {String[].class.getName()});
      return Optional.of(String.valueOf(text));
    } catch (JMException e) {
      return Optional.of("unavailable: " + e);
    }
  }

  /**
   * The kernel's flags of the index's mappings by file type, from {@code /proc/self/smaps} ({@code
   * rr}: random-read advice, no read-ahead; {@code sr}: sequential): which files Lucene advised.
   */
  static Map<String, String> mappingFlags(Path index) {
    Map<String, String> flags = new TreeMap<>();
    try {
      String directory = index.toAbsolutePath().toString();
      String extension = null;
      for (String line : Files.readString(Path.of("/proc/self/smaps")).split("\n")) {
        if (HEADER.matcher(line).find()) {
          int path = line.indexOf(directory + "/");
          extension =
              path < 0 ? null : extension(line.substring(path + directory.length() + 1).strip());
        } else if (extension != null && line.startsWith("VmFlags:")) {
          flags.put(extension, line.substring("VmFlags:".length()).strip());
        }
      }
    } catch (IOException e) {
      return Map.of();
    }
    return flags;
  }

  /**
   * Bytes on disk of the files under {@code index}, summed by extension (what could be resident).
   */
  static Map<String, Long> bytesByFileType(Path index) throws IOException {
    Map<String, Long> bytes = new TreeMap<>();
    try (Stream<Path> files = Files.list(index)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        bytes.merge(extension(f.getFileName().toString()), Files.size(f), Long::sum);
      }
    }
    return bytes;
  }

  private static String extension(String name) {
    int dot = name.lastIndexOf('.');
    return dot < 0 ? name : name.substring(dot + 1);
  }

  /**
   * Resident bytes of the memory-mapped files under {@code index}, summed by Lucene file extension
   * ({@code dvd}: doc values including the record blobs; {@code vec}, {@code veq}, {@code vex}: raw
   * and quantised vectors, HNSW graph; {@code doc}, {@code pos}, {@code tim}: postings and terms;
   * {@code cfs}: small compound segments), from {@code /proc/self/smaps}; empty where there is
   * none.
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
          extension = extension(line.substring(path + directory.length() + 1).strip());
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
