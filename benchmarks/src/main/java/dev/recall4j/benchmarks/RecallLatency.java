package dev.recall4j.benchmarks;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.RecallResult;
import dev.recall4j.core.Stage;
import dev.recall4j.engine.RecallEngine;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.Term;
import org.apache.lucene.store.FSDirectory;

/**
 * What the tail of hybrid recall latency is made of (issue 7, p99 target): the same closed loop as
 * {@link HybridRecallBenchmark} (query vector precomputed, every engine default, a private copy of
 * the index), but every sample is kept with what happened during it, so that a slow sample can be
 * told apart by cause: a stop-the-world GC (pause count of the collectors changed), the engine's
 * background access-statistics commit (the index's commit generation changed), the thread waiting
 * off the CPU (wall time well above its CPU time: scheduling on shared cores, page faults, locks),
 * or a heavy question (slow in every round, with many or frequent terms). Reports p50/p90/p99/p99.9
 * over all samples and per stage, the same percentiles of each question's median over the rounds
 * (the tail heavy questions alone would give), the recall thread's CPU time per sample (the latency
 * without waiting for a core), and the slowest questions with their terms' document frequencies.
 *
 * <p>Usage: {@code java -Xmx256m -Xlog:gc:file=gc.log -cp benchmarks.jar
 * dev.recall4j.benchmarks.RecallLatency OUT.json INDEX QUERIES WARMUP_ROUNDS ROUNDS}: INDEX a
 * finished index (left untouched), QUERIES a {@link QueryFile}; one round asks every question once,
 * in file order. Prints a summary.
 */
public final class RecallLatency {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final double OFF_CPU_SHARE = 0.3;

  private RecallLatency() {}

  /** One measured recall and what happened during it. */
  record Sample(
      int round,
      int question,
      long startMillis,
      double millis,
      double cpuMillis,
      long allocatedBytes,
      boolean gc,
      boolean commit,
      Map<String, Double> stages) {
    boolean offCpu() {
      return millis - cpuMillis > OFF_CPU_SHARE * millis;
    }
  }

  public static void main(String[] args) throws IOException {
    if (args.length != 5) {
      throw new IllegalArgumentException(
          "usage: RecallLatency OUT.json INDEX QUERIES WARMUP_ROUNDS ROUNDS");
    }
    Path out = Path.of(args[0]);
    List<BenchQuery> queries = QueryFile.read(Path.of(args[2]));
    int warmup = Integer.parseInt(args[3]);
    int rounds = Integer.parseInt(args[4]);
    Path copy = Fixtures.copy(Path.of(args[1]));
    try {
      List<Sample> samples;
      try (RecallEngine engine =
          HybridRecallBenchmark.open(copy, Fixtures.precomputedEmbedder(queries), false)) {
        for (int r = 0; r < warmup; r++) {
          for (BenchQuery q : queries) {
            engine.recall(RecallRequest.builder(q.text()).build());
          }
        }
        samples = measure(engine, queries, rounds, copy);
      }
      Map<String, Object> report = report(samples, questionStats(copy, queries, samples));
      report.put("warmupRounds", warmup);
      report.put("rounds", rounds);
      report.put("jvmArgs", ManagementFactory.getRuntimeMXBean().getInputArguments());
      JSON.writerWithDefaultPrettyPrinter().writeValue(out.toFile(), report);
      System.out.println(
          JSON.writerWithDefaultPrettyPrinter()
              .writeValueAsString(
                  Map.of(
                      "all",
                      report.get("all"),
                      "cpu",
                      report.get("cpu"),
                      "perQuestionMedian",
                      report.get("perQuestionMedian"),
                      "tail",
                      report.get("tail"),
                      "stagesP99",
                      report.get("stagesP99"),
                      "stagesP50",
                      report.get("stagesP50"),
                      "allocatedBytes",
                      report.get("allocatedBytes"))));
    } finally {
      Fixtures.delete(copy);
    }
  }

  private static List<Sample> measure(
      RecallEngine engine, List<BenchQuery> queries, int rounds, Path index) throws IOException {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long jvmStartNanos =
        System.nanoTime() - ManagementFactory.getRuntimeMXBean().getUptime() * 1_000_000;
    List<Sample> samples = new ArrayList<>(rounds * queries.size());
    long pauses = pauses();
    long generation = commitGeneration(index);
    for (int r = 0; r < rounds; r++) {
      for (int q = 0; q < queries.size(); q++) {
        long allocated = threads.getCurrentThreadAllocatedBytes();
        long cpu = threads.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        RecallResult result = engine.recall(RecallRequest.builder(queries.get(q).text()).build());
        long wall = System.nanoTime() - start;
        cpu = threads.getCurrentThreadCpuTime() - cpu;
        allocated = threads.getCurrentThreadAllocatedBytes() - allocated;
        long pausesNow = pauses();
        long generationNow = commitGeneration(index);
        samples.add(
            new Sample(
                r,
                q,
                (start - jvmStartNanos) / 1_000_000,
                wall / 1e6,
                cpu / 1e6,
                allocated,
                pausesNow != pauses,
                generationNow != generation,
                byName(result.timingsMillis())));
        pauses = pausesNow;
        generation = generationNow;
      }
    }
    return samples;
  }

  /** Stop-the-world collections so far (the concurrent cycles' beans count no pause). */
  private static long pauses() {
    long n = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (!gc.getName().contains("Concurrent")) {
        n += gc.getCollectionCount();
      }
    }
    return n;
  }

  /** The index's newest segments_N: it changes when the engine's background work commits. */
  private static long commitGeneration(Path index) throws IOException {
    try (Stream<Path> files = Files.list(index)) {
      return files
          .map(f -> f.getFileName().toString())
          .filter(n -> n.startsWith("segments_"))
          .mapToLong(n -> Long.parseLong(n.substring("segments_".length()), Character.MAX_RADIX))
          .max()
          .orElse(0);
    }
  }

  /**
   * Per question: median and max over the rounds, the median of each stage, its analysed terms and
   * their summed document frequency.
   */
  private static List<Map<String, Object>> questionStats(
      Path index, List<BenchQuery> queries, List<Sample> samples) throws IOException {
    List<Map<String, Object>> stats = new ArrayList<>();
    try (FSDirectory dir = FSDirectory.open(index);
        IndexReader reader = DirectoryReader.open(dir);
        Analyzer analyzer = new EnglishAnalyzer()) {
      for (int q = 0; q < queries.size(); q++) {
        int question = q;
        double[] ms =
            samples.stream()
                .filter(s -> s.question() == question)
                .mapToDouble(Sample::millis)
                .sorted()
                .toArray();
        List<String> terms = terms(analyzer, queries.get(q).text());
        long postings = 0;
        for (String t : terms) {
          postings += reader.docFreq(new Term("text", t));
        }
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("question", q);
        row.put("medianMillis", percentile(ms, 50));
        row.put("maxMillis", ms[ms.length - 1]);
        // Which stage a question's time goes to, so that a heavy question points at what to change.
        Map<String, Double> stages = new LinkedHashMap<>();
        for (String stage : samples.get(0).stages().keySet()) {
          stages.put(
              stage,
              percentile(
                  samples.stream()
                      .filter(s -> s.question() == question)
                      .mapToDouble(s -> s.stages().getOrDefault(stage, 0.0))
                      .sorted()
                      .toArray(),
                  50));
        }
        row.put("stageMedians", stages);
        row.put("terms", terms.size());
        row.put("postings", postings);
        row.put("text", queries.get(q).text());
        stats.add(row);
      }
    }
    return stats;
  }

  private static List<String> terms(Analyzer analyzer, String text) throws IOException {
    List<String> terms = new ArrayList<>();
    try (TokenStream ts = analyzer.tokenStream("text", text)) {
      CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
      ts.reset();
      while (ts.incrementToken()) {
        terms.add(term.toString());
      }
      ts.end();
    }
    return terms;
  }

  static Map<String, Object> report(List<Sample> samples, List<Map<String, Object>> questions) {
    Map<String, Object> report = new LinkedHashMap<>();
    double[] all = samples.stream().mapToDouble(Sample::millis).sorted().toArray();
    report.put("samples", all.length);
    report.put("all", percentiles(all));
    // The recall thread's own CPU time: what the latency would be if it never waited for a core.
    report.put(
        "cpu", percentiles(samples.stream().mapToDouble(Sample::cpuMillis).sorted().toArray()));
    report.put(
        "perQuestionMedian",
        percentiles(
            questions.stream()
                .mapToDouble(q -> (double) q.get("medianMillis"))
                .sorted()
                .toArray()));
    report.put("stagesP99", stagePercentiles(samples, 99));
    // The breakdown of a typical recall: each stage's median, and what the engine spends outside
    // its timed stages (building the request and result, queueing the access statistics).
    Map<String, Object> medians = stagePercentiles(samples, 50);
    medians.put(
        "outside stages",
        percentile(
            samples.stream()
                .mapToDouble(s -> s.millis() - s.stages().getOrDefault("total", s.millis()))
                .sorted()
                .toArray(),
            50));
    report.put("stagesP50", medians);
    // Garbage per call: bytes the recall thread allocated (the background commit's are not
    // counted).
    report.put(
        "allocatedBytes",
        percentiles(samples.stream().mapToDouble(Sample::allocatedBytes).sorted().toArray()));
    double p99 = percentile(all, 99);
    List<Sample> tail = samples.stream().filter(s -> s.millis() >= p99).toList();
    Map<String, Object> causes = new LinkedHashMap<>();
    causes.put("threshold", p99);
    causes.put("samples", tail.size());
    causes.put("duringGcPause", tail.stream().filter(Sample::gc).count());
    causes.put("duringCommit", tail.stream().filter(Sample::commit).count());
    causes.put("offCpu", tail.stream().filter(Sample::offCpu).count());
    causes.put(
        "ofTheSlowest10Questions",
        tail.stream().filter(s -> slowest(questions, 10).contains(s.question())).count());
    causes.put("allSamplesDuringGcPause", samples.stream().filter(Sample::gc).count());
    causes.put("allSamplesDuringCommit", samples.stream().filter(Sample::commit).count());
    causes.put("allSamplesOffCpu", samples.stream().filter(Sample::offCpu).count());
    report.put("tail", causes);
    report.put(
        "tailSamples",
        tail.stream()
            .sorted(Comparator.comparingDouble(Sample::millis).reversed())
            .limit(40)
            .toList());
    report.put(
        "slowestQuestions",
        questions.stream()
            .sorted(
                Comparator.comparingDouble(
                        (Map<String, Object> q) -> (double) q.get("medianMillis"))
                    .reversed())
            .limit(15)
            .toList());
    report.put("questions", questions);
    return report;
  }

  private static List<Integer> slowest(List<Map<String, Object>> questions, int n) {
    return questions.stream()
        .sorted(
            Comparator.comparingDouble((Map<String, Object> q) -> (double) q.get("medianMillis"))
                .reversed())
        .limit(n)
        .map(q -> (Integer) q.get("question"))
        .toList();
  }

  /** A recall's stage timings keyed by the stages' printed names, as the report shows them. */
  private static Map<String, Double> byName(Map<Stage, Double> timings) {
    Map<String, Double> byName = new LinkedHashMap<>();
    timings.forEach((stage, millis) -> byName.put(stage.toString(), millis));
    return byName;
  }

  /** Each timed stage's percentile {@code at} over the samples, in the engine's stage order. */
  private static Map<String, Object> stagePercentiles(List<Sample> samples, double at) {
    Map<String, Object> stages = new LinkedHashMap<>();
    for (String stage : samples.get(0).stages().keySet()) {
      stages.put(
          stage,
          percentile(
              samples.stream()
                  .mapToDouble(s -> s.stages().getOrDefault(stage, 0.0))
                  .sorted()
                  .toArray(),
              at));
    }
    return stages;
  }

  private static Map<String, Double> percentiles(double[] sorted) {
    Map<String, Double> p = new LinkedHashMap<>();
    p.put("p50", percentile(sorted, 50));
    p.put("p90", percentile(sorted, 90));
    p.put("p99", percentile(sorted, 99));
    p.put("p99.9", percentile(sorted, 99.9));
    p.put("max", sorted[sorted.length - 1]);
    p.put("mean", Arrays.stream(sorted).average().orElse(0));
    return p;
  }

  /** Nearest-rank percentile of sorted values. */
  static double percentile(double[] sorted, double at) {
    int rank = (int) Math.ceil(at / 100 * sorted.length);
    return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
  }
}
