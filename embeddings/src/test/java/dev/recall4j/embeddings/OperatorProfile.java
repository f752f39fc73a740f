package dev.recall4j.embeddings;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where an in-process model's run spends its time, for docs/RESULTS.md ("The query embedding and
 * ingest with the model"): the tokenizer and the whole run per query (CPU time of the one thread
 * that computes it, which other processes on the machine inflate less than wall time), ONNX
 * Runtime's own profile summed per operator type, the run's CPU time against its length, and the
 * wall time of one intra-op thread against two (sleeping or spinning between operators), in
 * interleaved rounds. A measurement tool, not a test: run it by hand with the command in
 * docs/RESULTS.md.
 *
 * <p>Arguments: {@code QUERIES_JSONL [MODEL] [QUERIES]}: a file of {@code {"text": ...}} lines (the
 * SciFact queries), the model (default bge-small-en-v15-q), how many queries (default 200).
 */
final class OperatorProfile {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private OperatorProfile() {}

  public static void main(String[] args) throws Exception {
    ObjectMapper json = new ObjectMapper();
    InProcessModel model = InProcessModel.named(args.length > 1 ? args[1] : "bge-small-en-v15-q");
    int count = args.length > 2 ? Integer.parseInt(args[2]) : 200;
    List<String> queries = new ArrayList<>();
    for (String line : Files.readAllLines(Path.of(args[0]))) {
      if (queries.size() < count && !line.isBlank()) {
        queries.add(model.queryInstruction + json.readTree(line).path("text").asText());
      }
    }
    ClassLoader loader = OperatorProfile.class.getClassLoader();
    ModelFiles.useCachedRuntimeLibraries(loader);
    OrtEnvironment environment = OrtEnvironment.getEnvironment();
    Path profile = Files.createTempDirectory("ort-profile").resolve("run");
    byte[] graph;
    try (InputStream onnx = loader.getResourceAsStream(model.onnxResource)) {
      graph = onnx.readAllBytes();
    }
    try (InputStream tokenizerJson = loader.getResourceAsStream(model.tokenizerResource);
        WordPieces tokenizer = WordPieces.load(tokenizerJson, model.maxTokens);
        OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
      options.setIntraOpNumThreads(1); // as OnnxEmbedder
      options.setInterOpNumThreads(1);
      try (OrtSession plain = environment.createSession(graph, options)) {
        BertEncoder encoder = new BertEncoder(environment, plain, model.clsPooling);
        long[][] ids = queries.stream().map(tokenizer::ids).toArray(long[][]::new);
        System.out.printf(
            Locale.ROOT,
            "%s, %d queries of %.1f word pieces on average (instruction and [CLS]/[SEP] included)%n",
            model.modelName,
            ids.length,
            Arrays.stream(ids).mapToInt(i -> i.length).average().orElse(0));
        System.out.printf(
            Locale.ROOT,
            "tokenizer: CPU p50 %.3f ms; whole run: CPU p50 %.3f ms%n",
            cpuMedian(queries.size(), i -> tokenizer.ids(queries.get(i))),
            cpuMedian(ids.length, i -> encoder.embed(ids[i], InProcessModel.DIMENSION)));
        StringBuilder lengths = new StringBuilder("run CPU p50 by word pieces:");
        for (int n : new int[] {8, 16, 32, 64, 128, 256}) {
          long[] synthetic = new long[n];
          Arrays.fill(synthetic, ids[0][1]);
          synthetic[0] = ids[0][0];
          synthetic[n - 1] = ids[0][ids[0].length - 1];
          lengths.append(
              String.format(
                  Locale.ROOT,
                  " %d: %.2f ms",
                  n,
                  cpuMedian(20, i -> encoder.embed(synthetic, InProcessModel.DIMENSION))));
        }
        System.out.println(lengths);
        compareThreads(environment, graph, ids);
      }
      options.enableProfiling(profile.toString());
      try (OrtSession profiled = environment.createSession(graph, options)) {
        BertEncoder encoder = new BertEncoder(environment, profiled, model.clsPooling);
        for (String query : queries) {
          encoder.embed(tokenizer.ids(query), InProcessModel.DIMENSION);
        }
        printOperators(json.readTree(Path.of(profiled.endProfiling()).toFile()), queries.size());
      }
    }
  }

  /**
   * Wall p50 of the queries per arrangement, the arrangements taking turns for 7 rounds (so a
   * change in the machine's load hits them alike), with the process's CPU time per query.
   */
  private static void compareThreads(OrtEnvironment environment, byte[] graph, long[][] ids)
      throws Exception {
    String[] names = {"1 intra-op thread", "2, sleeping", "2, spinning"};
    List<OrtSession> sessions = new ArrayList<>();
    List<BertEncoder> encoders = new ArrayList<>();
    for (int k = 0; k < names.length; k++) {
      try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
        options.setIntraOpNumThreads(k == 0 ? 1 : 2);
        options.setInterOpNumThreads(1);
        options.addConfigEntry("session.intra_op.allow_spinning", k == 2 ? "1" : "0");
        sessions.add(environment.createSession(graph, options));
        encoders.add(new BertEncoder(environment, sessions.get(k), true));
      }
    }
    var os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    double[][] wall = new double[names.length][7];
    double[][] cpu = new double[names.length][7];
    for (int round = 0; round < 7; round++) {
      for (int k = 0; k < names.length; k++) {
        BertEncoder encoder = encoders.get(k);
        double[] millis = new double[ids.length];
        long cpuStart = os.getProcessCpuTime();
        for (int i = 0; i < ids.length; i++) {
          long start = System.nanoTime();
          encoder.embed(ids[i], InProcessModel.DIMENSION);
          millis[i] = (System.nanoTime() - start) / 1e6;
        }
        cpu[k][round] = (os.getProcessCpuTime() - cpuStart) / 1e6 / ids.length;
        Arrays.sort(millis);
        wall[k][round] = millis[ids.length / 2];
      }
    }
    for (int k = 0; k < names.length; k++) {
      Arrays.sort(wall[k]);
      Arrays.sort(cpu[k]);
      System.out.printf(
          Locale.ROOT,
          "%-18s wall p50 %.3f ms (rounds %.3f-%.3f), process CPU %.3f ms a query%n",
          names[k],
          wall[k][3],
          wall[k][0],
          wall[k][6],
          cpu[k][3]);
    }
    for (OrtSession session : sessions) {
      session.close();
    }
  }

  /** Kernel time per operator type, per run and as a share of all kernels. */
  private static void printOperators(JsonNode events, int runs) {
    Map<String, Long> micros = new HashMap<>();
    Map<String, Integer> nodes = new HashMap<>();
    for (JsonNode e : events) {
      if ("Node".equals(e.path("cat").asText())
          && e.path("name").asText().endsWith("_kernel_time")) {
        String op = e.path("args").path("op_name").asText();
        micros.merge(op, e.path("dur").asLong(), Long::sum);
        nodes.merge(op, 1, Integer::sum);
      }
    }
    long total = micros.values().stream().mapToLong(Long::longValue).sum();
    System.out.printf(
        Locale.ROOT,
        "operators (ONNX Runtime profile, %d runs): %.3f ms of kernels per run, %d nodes%n",
        runs,
        total / 1e3 / runs,
        nodes.values().stream().mapToInt(Integer::intValue).sum() / runs);
    micros.entrySet().stream()
        .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
        .forEach(
            e ->
                System.out.printf(
                    Locale.ROOT,
                    "  %-24s %5.1f %%  %.3f ms/run  %d nodes%n",
                    e.getKey(),
                    100.0 * e.getValue() / total,
                    e.getValue() / 1e3 / runs,
                    nodes.get(e.getKey()) / runs));
  }

  private interface Step {
    Object run(int i) throws Exception;
  }

  /** The median CPU time of this thread over {@code n} steps, after {@code n / 5} unmeasured. */
  private static double cpuMedian(int n, Step step) throws Exception {
    for (int i = 0; i < Math.max(5, n / 5); i++) {
      step.run(i % n);
    }
    double[] millis = new double[n];
    for (int i = 0; i < n; i++) {
      long start = THREADS.getCurrentThreadCpuTime();
      step.run(i);
      millis[i] = (THREADS.getCurrentThreadCpuTime() - start) / 1e6;
    }
    Arrays.sort(millis);
    return millis[n / 2];
  }
}
