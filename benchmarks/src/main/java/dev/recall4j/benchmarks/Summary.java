package dev.recall4j.benchmarks;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * {@code summary.md}: medians, p99s and ratios to the status quo ("speed-up" = status-quo median /
 * recall4j median, so 100× means recall4j takes a hundredth of the time), recall@10 beside vector
 * latency, the recall curve, memory and disk.
 */
final class Summary {
  private Summary() {}

  /** A recall4j benchmark paired with its status-quo twin (absent: no ratio). */
  private record Row(
      String label,
      String benchmark,
      Map<String, String> params,
      String statusQuo,
      String encoding) {}

  static String render(Report r) {
    StringBuilder b = new StringBuilder();
    MachineInfo m = r.machine();
    b.append("# recall4j benchmarks: ").append(r.profile()).append(" profile\n\n");
    b.append(
        String.format(
            Locale.ROOT,
            "Machine `%s`: %s, %s, %d cores, %.1f GiB; %s %s; Lucene %s, vectorization %s.%n%n",
            m.key(),
            m.arch(),
            m.cpuModel(),
            m.cores(),
            m.memoryBytes() / (double) (1L << 30),
            m.jvmVendor(),
            m.jvmVersion(),
            m.luceneVersion(),
            m.vectorization()));
    b.append("Commit `")
        .append(r.commit())
        .append("`, ")
        .append(r.date())
        .append(". Command: `bin/bench --")
        .append(r.profile())
        .append("`. Phases (s): ");
    r.phaseSeconds().forEach((k, v) -> b.append(String.format(Locale.ROOT, "%s %.0f; ", k, v)));
    b.append("\n\n");
    Map<String, Object> c = r.corpus();
    b.append(
        String.format(
            Locale.ROOT,
            "Corpus: real texts of %s (%s texts in the pool). The first %s records are real texts with "
                + "real %s embeddings; records beyond are derived from a real one (sentences shuffled, one replaced by another "
                + "text's sentence; vector = source + Gaussian noise, sigma %s, cosine about 0.86 to the source). %s real "
                + "questions, seed %s.%n%n",
            c.get("datasets"),
            c.get("poolTexts"),
            c.get("realRecords"),
            c.get("model"),
            c.get("perturbationSigma"),
            c.get("queries"),
            c.get("seed")));

    List<Integer> sizes =
        new ArrayList<>(new TreeSet<>(r.curve().stream().map(RecallCurve.Point::size).toList()));
    b.append(
        "## Search and recall latency (ms per query), recall4j against the status quo (SQLite FTS5 + BLOB cosine scan)\n\n");
    b.append(
        "| operation | records | recall4j median | recall4j p99 | status quo median | status quo p99 | speed-up | recall@10 |\n");
    b.append("|---|---:|---:|---:|---:|---:|---:|---:|\n");
    for (int size : sizes) {
      String n = String.valueOf(size);
      List<Row> rows =
          List.of(
              new Row(
                  "lexical top 10 (BM25)",
                  "LexicalSearchBenchmark.recall4j",
                  Map.of("size", n),
                  "LexicalSearchBenchmark.sqliteFts5",
                  null),
              new Row(
                  "vector top 10, float32",
                  "VectorSearchBenchmark.recall4j",
                  Map.of("size", n, "encoding", "float32"),
                  "StatusQuoBenchmark.cosineScan",
                  "float32"),
              new Row(
                  "vector top 10, int8 (default)",
                  "VectorSearchBenchmark.recall4j",
                  Map.of("size", n, "encoding", "int8"),
                  "StatusQuoBenchmark.cosineScan",
                  "int8"),
              new Row(
                  "vector top 10, int4",
                  "VectorSearchBenchmark.recall4j",
                  Map.of("size", n, "encoding", "int4"),
                  "StatusQuoBenchmark.cosineScan",
                  "int4"),
              new Row(
                  "hybrid recall, vector precomputed",
                  "HybridRecallBenchmark.recall",
                  Map.of("size", n, "query", "precomputed", "layout", "built"),
                  "StatusQuoBenchmark.hybrid",
                  null),
              new Row(
                  "hybrid recall, vector precomputed, compacted index",
                  "HybridRecallBenchmark.recall",
                  Map.of("size", n, "query", "precomputed", "layout", "compacted"),
                  "StatusQuoBenchmark.hybrid",
                  null),
              new Row(
                  "hybrid recall, query embedded",
                  "HybridRecallBenchmark.recall",
                  Map.of("size", n, "query", "embedded", "layout", "built"),
                  "StatusQuoBenchmark.hybridEmbedded",
                  null));
      for (Row row : rows) {
        Optional<Measurement> ours = r.find(row.benchmark(), row.params());
        if (ours.isEmpty()) {
          continue;
        }
        Optional<Measurement> theirs =
            row.statusQuo() == null
                ? Optional.empty()
                : r.find(
                    row.statusQuo(),
                    row.statusQuo().startsWith("StatusQuo") ? Map.of("size", n) : row.params());
        String recall = recallColumn(r, size, row);
        b.append(
            String.format(
                Locale.ROOT,
                "| %s | %,d | %s | %s | %s | %s | %s | %s |%n",
                row.label(),
                size,
                ms(ours.get().medianMs()),
                ms(ours.get().p99Ms()),
                theirs.map(t -> ms(t.medianMs())).orElse(""),
                theirs.map(t -> ms(t.p99Ms())).orElse(""),
                theirs.map(t -> ratio(t.medianMs() / ours.get().medianMs())).orElse(""),
                recall));
      }
    }
    b.append(
        String.format(
            Locale.ROOT,
            "%nThe status quo's hybrid runs both paths for the top %d and fuses them with the engine's "
                + "default fusion (%s), without weighting, dedup or packing; recall4j's is the whole `recall` call (pinned lookup, "
                + "both paths, fusion, decay, trust, tiers, dedup, packing, access statistics queued). recall4j searches the index "
                + "as batched ingest left it (several segments) unless the row says compacted (one segment, `LuceneStore.compact()`). "
                + "recall@10: vector rows against exact search; the hybrid row, the top 10 of `search` with the defaults against "
                + "the same search with %,d vector candidates (whose own vector recall@10 is in the recall curve); BM25's top 10 is "
                + "exact (block-max WAND skips only documents that cannot enter it).%n%n",
            StatusQuoBenchmark.TOP_K,
            StatusQuoBenchmark.FUSION.name(),
            HybridRecall.REFERENCE_CANDIDATES));

    b.append(ingest(r)).append(components(r));

    b.append(
        "\n## HNSW recall@10 against exact search (mean over the questions; latency from a plain loop)\n\n");
    b.append(
        "| records | encoding | M | beam | candidates | recall@10 | mean ms |\n|---:|---|---:|---:|---:|---:|---:|\n");
    for (RecallCurve.Point p : r.curve()) {
      b.append(
          String.format(
              Locale.ROOT,
              "| %,d | %s | %d | %d | %d | %.3f | %.3f |%n",
              p.size(),
              p.encoding(),
              p.m(),
              p.beamWidth(),
              p.candidates(),
              p.recallAt10(),
              p.meanMillis()));
    }
    b.append('\n').append(verdict(r, sizes)).append('\n');

    b.append("\n## Memory with the largest index open after the recalls (separate JVM)\n\n");
    b.append(
        "| records | query | recalls | max heap | heap used after GC | heap committed | RSS | RSS anonymous | RSS file-backed (mapped index) | peak RSS | index bytes/record |\n|---:|---|---:|---|---:|---:|---:|---:|---:|---:|---:|\n");
    for (Map<String, Object> x : r.memory()) {
      b.append(
          String.format(
              Locale.ROOT,
              "| %,d | %s | %,d | %s | %s | %s | %s | %s | %s | %s | %,.0f |%n",
              num(x.get("size")).intValue(),
              x.get("query"),
              num(x.get("recalls")).intValue(),
              x.get("heapMax"),
              mb(x.get("heapUsedBytes")),
              mb(x.get("heapCommittedBytes")),
              mb(x.get("rssBytes")),
              mb(x.get("rssAnonBytes")),
              mb(x.get("rssFileBytes")),
              mb(x.get("peakRssBytes")),
              num(x.get("indexBytesPerRecord")).doubleValue()));
    }
    b.append(
        "\nRSS anonymous is the JVM's own memory (heap, metaspace, code, native buffers, ONNX); RSS file-backed is the "
            + "memory-mapped index read so far, page cache the kernel can drop under pressure. The probe reads only the "
            + "questions (not the benchmark's text pool) and opens the index "
            + r.memory().stream().map(x -> x.get("layout")).findFirst().orElse("compacted")
            + ".\n");
    for (Map<String, Object> x : r.memory()) {
      b.append(
          String.format(
              Locale.ROOT,
              "%nResident index pages by file type (%s), of the bytes on disk: %s%n",
              x.get("query"),
              residentByType(x.get("rssIndexBytesByFileType"), x.get("indexBytesByFileType"))));
    }
    b.append(
        "\n## Bytes on disk per record\n\n| records | Lucene float32 | Lucene int8 (default) | Lucene int4 | SQLite |\n|---:|---:|---:|---:|---:|\n");
    for (Map<String, Object> x : r.disk()) {
      b.append(
          String.format(
              Locale.ROOT,
              "| %,d | %s | %s | %s | %s |%n",
              num(x.get("size")).intValue(),
              bytes(x.get("lucene_float32_bytesPerRecord")),
              bytes(x.get("lucene_int8_bytesPerRecord")),
              bytes(x.get("lucene_int4_bytesPerRecord")),
              bytes(x.get("sqlite_bytesPerRecord"))));
    }
    return b.toString();
  }

  /** The ingest table, or nothing when the profile measured no ingest. */
  private static String ingest(Report r) {
    if (r.measurements().stream().noneMatch(m -> m.benchmark().startsWith("Ingest"))) {
      return "";
    }
    StringBuilder b = new StringBuilder();
    b.append(
        "## Ingest (records per second)\n\n| records | recall4j (vectors given, int8 HNSW) | SQLite (FTS5 + BLOBs) | ratio |\n|---:|---:|---:|---:|\n");
    for (Measurement ours : r.measurements()) {
      if (ours.benchmark().equals("IngestBenchmark.recall4j")) {
        int size = Integer.parseInt(ours.params().get("size"));
        Optional<Measurement> theirs = r.find("IngestBenchmark.sqlite", ours.params());
        double mine = size / (ours.medianMs() / 1e3);
        b.append(
            String.format(
                Locale.ROOT,
                "| %,d | %,.0f | %s | %s |%n",
                size,
                mine,
                theirs
                    .map(t -> String.format(Locale.ROOT, "%,.0f", size / (t.medianMs() / 1e3)))
                    .orElse(""),
                theirs.map(t -> ratio(t.medianMs() / ours.medianMs())).orElse("")));
      }
    }
    for (Measurement e : r.measurements()) {
      if (e.benchmark().equals("IngestEmbeddingBenchmark.recall4j")) {
        int n = Integer.parseInt(e.params().get("records"));
        b.append(
            String.format(
                Locale.ROOT,
                "%nWith embedding (%s in process, %d real texts per run): %,.1f records/s.%n",
                e.params().getOrDefault("model", Fixtures.MODEL),
                n,
                n / (e.medianMs() / 1e3)));
      }
    }
    return b.toString();
  }

  /** The components table, or nothing when the profile measured no component. */
  private static String components(Report r) {
    StringBuilder rows = new StringBuilder();
    for (Measurement x : r.measurements()) {
      String label =
          switch (x.benchmark()) {
            case "FusionBenchmark.rank" ->
                "fuse, weight, dedup 2 × "
                    + x.params().getOrDefault("perPath", "100")
                    + " candidates, "
                    + x.params().get("fusion")
                    + (x.params().containsKey("tokenSets")
                        ? ", token sets " + x.params().get("tokenSets")
                        : "")
                    + (x.params().getOrDefault("dedup", "default").equals("default")
                        ? ""
                        : ", dedup " + x.params().get("dedup"));
            case "PackingBenchmark.pack" ->
                "pack 200 candidates into 2,048 tokens (cl100k), token cache "
                    + x.params().get("cache");
            case "EmbeddingBenchmark.query" -> "embed one query, " + x.params().get("model");
            case "EmbeddingBenchmark.repeatedQuery" ->
                "embed a repeated query (query cache), " + x.params().get("model");
            case "EmbeddingBenchmark.documents" ->
                "embed 32 corpus texts, " + x.params().get("model");
            default -> null;
          };
      if (label != null) {
        String derived =
            x.benchmark().endsWith("documents")
                ? String.format(
                    Locale.ROOT,
                    "%,.1f documents/s",
                    EmbeddingBenchmark.BATCH / (x.medianMs() / 1e3))
                : "";
        rows.append(
            String.format(
                Locale.ROOT,
                "| %s | %s | %s | %s |%n",
                label,
                ms(x.medianMs()),
                ms(x.p99Ms()),
                derived));
      }
    }
    return rows.isEmpty()
        ? ""
        : "\n## Components (ms per operation)\n\n| operation | median | p99 | derived |\n|---|---:|---:|---|\n"
            + rows;
  }

  /**
   * The recall@10 beside a latency row: HNSW against exact search for vector rows, the defaults
   * against {@link HybridRecall}'s reference for the hybrid row as built, exact for BM25.
   */
  private static String recallColumn(Report r, int size, Row row) {
    Optional<Double> recall = Optional.empty();
    if (row.encoding() != null) {
      recall = recallAt(r, size, row.encoding(), 16, 100);
    } else if (row.benchmark().equals("LexicalSearchBenchmark.recall4j")) {
      return "exact";
    } else if (row.benchmark().equals("HybridRecallBenchmark.recall")
        && row.params().get("layout").equals("built")
        && row.params().get("query").equals("precomputed")) {
      recall =
          r.hybridRecall().stream()
              .filter(p -> p.size() == size)
              .map(HybridRecall.Point::recallAt10)
              .findFirst();
    }
    return recall.map(v -> String.format(Locale.ROOT, "%.3f", v)).orElse("");
  }

  /** Whether the engine defaults reach recall@10 >= 0.95 at every size, and if not, what does. */
  static String verdict(Report r, List<Integer> sizes) {
    StringBuilder b = new StringBuilder();
    Map<Integer, Double> defaults = new LinkedHashMap<>();
    for (int size : sizes) {
      recallAt(r, size, "int8", 16, 100).ifPresent(v -> defaults.put(size, v));
    }
    boolean met = !defaults.isEmpty() && defaults.values().stream().allMatch(v -> v >= 0.95);
    b.append(
        met
            ? "**Defaults (int8, M 16, beam 100, 100 candidates) reach recall@10 ≥ 0.95 at every size:** "
            : "**Defaults (int8, M 16, beam 100, 100 candidates) miss recall@10 ≥ 0.95:** ");
    defaults.forEach((size, v) -> b.append(String.format(Locale.ROOT, "%,d → %.3f; ", size, v)));
    for (int size : sizes) {
      r.curve().stream()
          .filter(p -> p.size() == size && p.recallAt10() >= 0.95)
          .min((a, c) -> Double.compare(a.meanMillis(), c.meanMillis()))
          .ifPresent(
              p ->
                  b.append(
                      String.format(
                          Locale.ROOT,
                          "%n- %,d records: the setting at ≥ 0.95 with the lowest loop latency is %s M %d, %d candidates (%.3f, %.3f ms)",
                          size,
                          p.encoding(),
                          p.m(),
                          p.candidates(),
                          p.recallAt10(),
                          p.meanMillis())));
    }
    return b.toString();
  }

  static Optional<Double> recallAt(Report r, int size, String encoding, int m, int candidates) {
    return r.curve().stream()
        .filter(
            p ->
                p.size() == size
                    && p.encoding().equals(encoding)
                    && p.m() == m
                    && p.candidates() == candidates)
        .map(RecallCurve.Point::recallAt10)
        .findFirst();
  }

  /** A ratio: whole numbers from 10×, two decimals below (0.25× means four times slower). */
  static String ratio(double v) {
    return v >= 10
        ? String.format(Locale.ROOT, "%,.0f×", v)
        : String.format(Locale.ROOT, "%.2f×", v);
  }

  static String ms(double v) {
    return v >= 100
        ? String.format(Locale.ROOT, "%,.0f", v)
        : v >= 1 ? String.format(Locale.ROOT, "%.2f", v) : String.format(Locale.ROOT, "%.3f", v);
  }

  private static Number num(Object o) {
    return o instanceof Number n ? n : Double.NaN;
  }

  private static String bytes(Object value) {
    double v = num(value).doubleValue();
    return Double.isNaN(v) ? "not built" : String.format(Locale.ROOT, "%,.0f", v);
  }

  /**
   * The section on what the hybrid tail is made of, from {@link RecallLatency}'s report: wall-clock
   * and CPU percentiles, the per-question medians, and how many of the slowest 1 % coincided with a
   * GC pause, a background commit or waiting for a core.
   */
  @SuppressWarnings("unchecked")
  static String latencyTail(int size, String layout, Map<String, Object> tail) {
    StringBuilder b =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "%n## Hybrid recall latency tail at %,d records (plain loop, %s, vector precomputed, separate JVM)%n%n",
                size,
                layout));
    b.append("| measure | p50 | p90 | p99 | p99.9 | max |\n|---|---:|---:|---:|---:|---:|\n");
    for (String[] row :
        new String[][] {
          {"all", "wall clock, every sample"},
          {"cpu", "CPU time of the recall thread"},
          {"perQuestionMedian", "each question's median wall clock"}
        }) {
      Map<String, Object> p = (Map<String, Object>) tail.get(row[0]);
      b.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %s | %s | %s | %s |%n",
              row[1],
              ms(num(p.get("p50")).doubleValue()),
              ms(num(p.get("p90")).doubleValue()),
              ms(num(p.get("p99")).doubleValue()),
              ms(num(p.get("p99.9")).doubleValue()),
              ms(num(p.get("max")).doubleValue())));
    }
    Map<String, Object> c = (Map<String, Object>) tail.get("tail");
    b.append(
        String.format(
            Locale.ROOT,
            "%nOf the %d samples at or above the p99 (%s ms): %d waited for a core (wall time over "
                + "1.4x their CPU time), %d overlapped a stop-the-world GC pause, %d an access-statistics commit of the engine's "
                + "background thread, %d were of the 10 slowest questions. Over all %d samples: %d, %d and %d.%n",
            num(c.get("samples")).intValue(),
            ms(num(c.get("threshold")).doubleValue()),
            num(c.get("offCpu")).intValue(),
            num(c.get("duringGcPause")).intValue(),
            num(c.get("duringCommit")).intValue(),
            num(c.get("ofTheSlowest10Questions")).intValue(),
            num(tail.get("samples")).intValue(),
            num(c.get("allSamplesOffCpu")).intValue(),
            num(c.get("allSamplesDuringGcPause")).intValue(),
            num(c.get("allSamplesDuringCommit")).intValue()));
    return b.toString();
  }

  /**
   * "dvd 202 of 207 MB, veq 35 of 36 MB, ..." for the types with at least 1 MB resident, largest
   * first.
   */
  static String residentByType(Object resident, Object onDisk) {
    if (!(resident instanceof Map<?, ?> res) || res.isEmpty()) {
      return "n/a";
    }
    Map<?, ?> disk = onDisk instanceof Map<?, ?> d ? d : Map.of();
    return res.entrySet().stream()
        .filter(e -> num(e.getValue()).doubleValue() >= 1e6)
        .sorted(
            (a, c) ->
                Double.compare(num(c.getValue()).doubleValue(), num(a.getValue()).doubleValue()))
        .map(
            e ->
                disk.containsKey(e.getKey())
                    ? String.format(
                        Locale.ROOT,
                        "%s %s of %s",
                        e.getKey(),
                        mb(e.getValue()).replace(" MB", ""),
                        mb(disk.get(e.getKey())))
                    : String.format(Locale.ROOT, "%s %s", e.getKey(), mb(e.getValue())))
        .collect(java.util.stream.Collectors.joining(", "));
  }

  private static String mb(Object bytes) {
    double v = num(bytes).doubleValue();
    return v < 0 || Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%,.0f MB", v / 1e6);
  }
}
