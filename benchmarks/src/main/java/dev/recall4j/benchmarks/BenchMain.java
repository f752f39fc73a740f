package dev.recall4j.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall4j.core.store.VectorEncoding;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one benchmark command ({@code bin/bench}): prepares the cached corpora and indexes, measures
 * the HNSW recall curve, runs every JMH suite, probes memory and the hybrid latency tail in JVMs of
 * their own ({@link MemoryProbe}, {@link RecallLatency}), and writes {@code results.json}, {@code
 * summary.md} and {@code chart.html} into the output directory; then appends the run to {@code
 * <history>/<machine>.jsonl} and, with {@code --compare}, prints the change of every median against
 * the previous run of the same profile on the same machine.
 *
 * <p>Usage: {@code BenchMain [--quick|--full|--scale] [--out DIR] [--compare] [--history DIR]
 * [--commit SHA] [--no-history]}. The forked JVMs run with {@code --add-modules
 * jdk.incubator.vector} and the heap of {@code -Drecall4j.bench.forkHeap} (default 2g); the memory
 * probe with {@code -Drecall4j.bench.probeHeap} (default 512m).
 */
public final class BenchMain {
  private static final Logger LOG = LoggerFactory.getLogger(BenchMain.class);
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * Rounds over the 200 questions of the latency-tail loop: 1,000 recalls to warm up, 3,000 samples
   * (p99.9 from 3).
   */
  private static final int TAIL_WARMUP_ROUNDS = 5;

  private static final int TAIL_ROUNDS = 15;

  private BenchMain() {}

  public static void main(String[] args) throws Exception {
    Profile profile = Profile.quick();
    Path out = null;
    Path history = Path.of("benchmarks", "history");
    boolean compare = false;
    boolean record = true;
    String commit = "unknown";
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--quick" -> profile = Profile.quick();
        case "--full" -> profile = Profile.full();
        case "--scale" -> profile = Profile.scale();
        case "--out" -> out = Path.of(args[++i]);
        case "--history" -> history = Path.of(args[++i]);
        case "--commit" -> commit = args[++i];
        case "--compare" -> compare = true;
        case "--no-history" -> record = false;
        default ->
            throw new IllegalArgumentException(
                "unknown option "
                    + args[i]
                    + "; usage: [--quick|--full|--scale] [--out DIR] [--compare] [--history DIR] [--commit SHA] [--no-history]");
      }
    }
    String date = Instant.now().toString();
    if (out == null) {
      out = Path.of("benchmarks", "target", "bench", date.replace(':', '-'));
    }
    Files.createDirectories(out);
    run(profile, out, history, compare, record, commit, date, System.out);
  }

  static void run(
      Profile profile,
      Path out,
      Path historyDir,
      boolean compare,
      boolean record,
      String commit,
      String date,
      PrintStream console)
      throws Exception {
    long start = System.nanoTime();
    MachineInfo machine = MachineInfo.current();
    LOG.info(
        "machine {}; profile {}; output {}", machine.key(), profile.name(), out.toAbsolutePath());
    Map<String, Double> phases = new LinkedHashMap<>();

    long t = System.nanoTime();
    EmbeddedPool vectors = Fixtures.vectors();
    phases.put("embeddings", seconds(t));

    t = System.nanoTime();
    List<Map<String, Object>> disk = new ArrayList<>();
    List<RecallCurve.Point> curve = new ArrayList<>();
    List<HybridRecall.Point> hybridRecall = new ArrayList<>();
    double curveSeconds = 0;
    int largest = profile.sizes().get(profile.sizes().size() - 1);
    for (int size : profile.sizes()) {
      for (RecallCurve.Setting s : profile.settingsAt(size)) {
        Fixtures.luceneIndex(size, s.encoding(), s.m(), s.beamWidth());
      }
      if (size == largest && profile.compactLargest()) {
        Fixtures.compactedLuceneIndex(size, VectorEncoding.INT8, 16, 100);
      }
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("size", size);
      for (RecallCurve.Setting s : profile.settingsAt(size)) {
        if (s.m() == 16) {
          row.put(
              "lucene_" + s.encoding().name().toLowerCase(Locale.ROOT) + "_bytesPerRecord",
              Fixtures.sizeOf(Fixtures.luceneIndex(size, s.encoding(), s.m(), s.beamWidth()))
                  / (double) size);
        }
      }
      if (profile.statusQuoAt(size)) {
        row.put("sqlite_bytesPerRecord", Fixtures.sizeOf(Fixtures.sqlite(size)) / (double) size);
      }
      disk.add(row);
      long c = System.nanoTime();
      curve.addAll(
          RecallCurve.measure(
              Fixtures.corpus(size),
              Fixtures.queries(),
              profile.settingsAt(size),
              profile.curveCandidates()));
      hybridRecall.add(
          HybridRecall.measure(
              size, Fixtures.luceneIndex(size, VectorEncoding.INT8, 16, 100), Fixtures.queries()));
      curveSeconds += seconds(c);
      Fixtures.release(size);
    }
    phases.put("indexes", seconds(t) - curveSeconds);
    phases.put("recallCurve", curveSeconds);

    t = System.nanoTime();
    Path jmhDir = Files.createDirectories(out.resolve("jmh"));
    ArrayNode jmh = JSON.createArrayNode();
    List<Integer> sizes = profile.sizes();
    // A profile without an embedding model measures recall with the vector precomputed only.
    String[] queryModes =
        profile.embeddingModels().isEmpty()
            ? new String[] {"precomputed"}
            : new String[] {"precomputed", "embedded"};
    jmh.addAll(
        jmh(
            profile,
            jmhDir.resolve("search.json"),
            sizes,
            Map.of("layout", new String[] {"built"}, "query", queryModes),
            "LexicalSearchBenchmark.recall4j",
            "HybridRecallBenchmark"));
    List<Integer> statusQuoSizes = sizes.stream().filter(profile::statusQuoAt).toList();
    if (!statusQuoSizes.isEmpty()) {
      jmh.addAll(
          jmh(
              profile,
              jmhDir.resolve("status-quo.json"),
              statusQuoSizes,
              Map.of(),
              "LexicalSearchBenchmark.sqliteFts5",
              "StatusQuoBenchmark"));
    }
    if (profile.compactLargest()) {
      // The same recall over the largest index compacted into one segment, to show what compaction
      // buys.
      jmh.addAll(
          jmh(
              profile,
              jmhDir.resolve("hybrid-compacted.json"),
              List.of(largest),
              Map.of("layout", new String[] {"compacted"}, "query", new String[] {"precomputed"}),
              "HybridRecallBenchmark"));
    }
    // Vector search at every size, but at the largest only with the encodings built there.
    if (sizes.size() > 1) {
      jmh.addAll(
          jmh(
              profile,
              jmhDir.resolve("vector.json"),
              sizes.subList(0, sizes.size() - 1),
              Map.of("encoding", encodings(profile.curveSettings())),
              "VectorSearchBenchmark"));
    }
    jmh.addAll(
        jmh(
            profile,
            jmhDir.resolve("vector-largest.json"),
            List.of(largest),
            Map.of("encoding", encodings(profile.largestSettings())),
            "VectorSearchBenchmark"));
    if (!profile.embeddingModels().isEmpty()) {
      jmh.addAll(
          jmh(
              profile,
              jmhDir.resolve("components.json"),
              List.of(),
              Map.of("model", profile.embeddingModels().toArray(String[]::new)),
              "FusionBenchmark",
              "PackingBenchmark",
              "EmbeddingBenchmark",
              "IngestEmbeddingBenchmark"));
    }
    if (!profile.ingestSizes().isEmpty()) {
      jmh.addAll(
          jmh(
              profile,
              jmhDir.resolve("ingest.json"),
              profile.ingestSizes(),
              Map.of(),
              "IngestBenchmark"));
    }
    phases.put("jmh", seconds(t));

    t = System.nanoTime();
    List<Map<String, Object>> memory = new ArrayList<>();
    // The probe opens the index as maintenance leaves it (ingest and import compact; the scale
    // profile does not compact its 1M index, so it probes it as built) and reads the questions from
    // their own file, so that it holds what an embedding agent would hold.
    String probedLayout = profile.compactLargest() ? "compacted" : "as built";
    Path probed =
        profile.compactLargest()
            ? Fixtures.compactedLuceneIndex(largest, VectorEncoding.INT8, 16, 100)
            : Fixtures.luceneIndex(largest, VectorEncoding.INT8, 16, 100);
    Path queryFile = Fixtures.queryFile();
    for (String query : List.of("precomputed", "embedded")) {
      Map<String, Object> probe =
          probe(out, largest, probed, queryFile, query, profile.memoryRecalls());
      probe.put("layout", probedLayout);
      memory.add(probe);
    }
    phases.put("memory", seconds(t));

    t = System.nanoTime();
    // Where the hybrid p99 comes from: per-sample causes in a plain loop (RecallLatency), beside
    // JMH's figure.
    Map<String, Object> tail =
        separateJvm(
            List.of("-Xmx" + System.getProperty("recall4j.bench.forkHeap", "2g")),
            RecallLatency.class,
            out.resolve("latency-tail.json").toString(),
            probed.toString(),
            queryFile.toString(),
            String.valueOf(TAIL_WARMUP_ROUNDS),
            String.valueOf(TAIL_ROUNDS));
    phases.put("latencyTail", seconds(t));
    phases.put("total", seconds(start));

    List<Measurement> measurements = Measurement.parse(jmh);
    Map<String, Object> corpus = new LinkedHashMap<>();
    corpus.put(
        "datasets",
        List.of("locomo (turns, observations)", "scifact", "lisa", "cacm", "cranfield"));
    corpus.put("poolTexts", Fixtures.pool().texts().size());
    corpus.put("realRecords", vectors.documents().length);
    corpus.put("derivedBeyond", vectors.documents().length);
    corpus.put("perturbationSigma", BenchCorpus.PERTURBATION);
    corpus.put("queries", vectors.queries().length);
    corpus.put("model", vectors.model());
    corpus.put("seed", BenchCorpus.SEED);
    corpus.put("embeddingsKey", vectors.key());

    Report report =
        new Report(
            profile.name(),
            commit,
            date,
            machine,
            corpus,
            phases,
            curve,
            hybridRecall,
            memory,
            disk,
            measurements);
    ObjectNode results = JSON.createObjectNode();
    results.put("schema", 1);
    results.put("profile", profile.name());
    results.put("commit", commit);
    results.put("date", date);
    results.set("machine", JSON.valueToTree(machine.toMap()));
    results.set("corpus", JSON.valueToTree(corpus));
    results.set("phaseSeconds", JSON.valueToTree(phases));
    results.set("recallCurve", JSON.valueToTree(curve));
    results.set("hybridRecall", JSON.valueToTree(hybridRecall));
    results.set("memory", JSON.valueToTree(memory));
    results.set("disk", JSON.valueToTree(disk));
    results.set(
        "medians",
        History.line(commit, date, profile.name(), machine, measurements).get("medians"));
    results.set("jmh", jmh);
    JSON.writerWithDefaultPrettyPrinter().writeValue(out.resolve("results.json").toFile(), results);
    Files.writeString(
        out.resolve("summary.md"),
        Summary.render(report) + Summary.latencyTail(largest, probedLayout, tail),
        StandardCharsets.UTF_8);
    Files.writeString(out.resolve("chart.html"), Chart.render(report), StandardCharsets.UTF_8);

    Path historyFile = History.file(historyDir, machine);
    Optional<JsonNode> previous = History.previous(historyFile, profile.name());
    ObjectNode line = History.line(commit, date, profile.name(), machine, measurements);
    if (compare) {
      console.print(
          previous
              .map(
                  p ->
                      History.render(History.compare(History.medians(p), History.medians(line)), p))
              .orElse(
                  "No previous "
                      + profile.name()
                      + " run on this machine in "
                      + historyFile
                      + " to compare with.\n"));
    }
    if (record) {
      History.append(historyFile, line);
    }
    console.printf(
        Locale.ROOT,
        "Wrote %s (results.json, summary.md, chart.html) in %.0f s%n",
        out.toAbsolutePath(),
        phases.get("total"));
  }

  private static String[] encodings(List<RecallCurve.Setting> settings) {
    return settings.stream()
        .filter(s -> s.m() == 16)
        .map(s -> s.encoding().name().toLowerCase(Locale.ROOT))
        .toArray(String[]::new);
  }

  private static ArrayNode jmh(
      Profile profile,
      Path result,
      List<Integer> sizes,
      Map<String, String[]> params,
      String... classes)
      throws RunnerException, IOException {

    ChainedOptionsBuilder options =
        new OptionsBuilder()
            .forks(profile.forks())
            .warmupIterations(profile.warmupIterations())
            .warmupTime(TimeValue.seconds(profile.iterationSeconds()))
            .measurementIterations(profile.measurementIterations())
            .measurementTime(TimeValue.seconds(profile.iterationSeconds()))
            .jvmArgsAppend(forkArgs())
            .resultFormat(ResultFormatType.JSON)
            .result(result.toString())
            .shouldFailOnError(true)
            .timeout(TimeValue.minutes(10));
    // A class name includes all its methods, Class.method one of them.
    for (String c : classes) {
      options.include("dev\\.recall4j\\.benchmarks\\." + c.replace(".", "\\.") + "(\\.|$)");
    }
    if (!sizes.isEmpty()) {
      options.param("size", sizes.stream().map(String::valueOf).toArray(String[]::new));
    }
    params.forEach(options::param);
    new Runner(options.build()).run();
    return (ArrayNode) JSON.readTree(result.toFile());
  }

  /** JVM options of every fork: Panama on, the same datasets and cache as this JVM, quiet logs. */
  static String[] forkArgs() {
    return new String[] {
      "--add-modules",
      "jdk.incubator.vector",
      "--enable-native-access=ALL-UNNAMED",
      "-Xmx" + System.getProperty("recall4j.bench.forkHeap", "2g"),
      "-Drecall4j.bench.datasets=" + Fixtures.datasetsDir(),
      "-Drecall4j.bench.cache=" + Fixtures.cacheDir(),
      "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"
    };
  }

  private static Map<String, Object> probe(
      Path out, int size, Path index, Path queryFile, String query, int recalls)
      throws IOException, InterruptedException {
    Path result = out.resolve("memory-" + query + ".json");
    String heap = System.getProperty("recall4j.bench.probeHeap", "512m");
    Map<String, Object> map =
        separateJvm(
            List.of("-Xmx" + heap),
            MemoryProbe.class,
            result.toString(),
            String.valueOf(size),
            index.toString(),
            queryFile.toString(),
            query,
            String.valueOf(recalls));
    map.put("heapMax", heap);
    return map;
  }

  /**
   * Runs {@code main} in a JVM of its own (Panama on, this JVM's datasets and cache, quiet logs,
   * then {@code jvmArgs}) and reads the JSON object it writes to its first argument.
   */
  private static Map<String, Object> separateJvm(
      List<String> jvmArgs, Class<?> main, String... args)
      throws IOException, InterruptedException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command =
        new ArrayList<>(
            List.of(
                java,
                "--add-modules",
                "jdk.incubator.vector",
                "--enable-native-access=ALL-UNNAMED",
                "-Drecall4j.bench.datasets=" + Fixtures.datasetsDir(),
                "-Drecall4j.bench.cache=" + Fixtures.cacheDir(),
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"));
    command.addAll(jvmArgs);
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
    command.addAll(List.of(args));
    Process p =
        new ProcessBuilder(command)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    if (!p.waitFor(20, TimeUnit.MINUTES) || p.exitValue() != 0) {
      p.destroyForcibly();
      throw new IllegalStateException(
          main.getSimpleName() + " failed: " + String.join(" ", command));
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> map = JSON.readValue(Path.of(args[0]).toFile(), LinkedHashMap.class);
    return map;
  }

  private static double seconds(long since) {
    return (System.nanoTime() - since) / 1e9;
  }
}
