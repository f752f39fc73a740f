package dev.recall4j.benchmarks;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Stage;
import dev.recall4j.engine.EmbedderProvider;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.server.HttpServer;
import dev.recall4j.server.ServerSettings;
import dev.recall4j.server.StdioServer;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.StringJoiner;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Issue 19's "Measured": one recall per call, a new query text each time (so the query is
 * embedded), in-process against MCP over streamable HTTP and the JSON API over the same engine, MCP
 * over stdio to a child JVM serving the index, and one {@code bin/recall4j recall} process per
 * call; p50, p99 and throughput with 1, 4 and 16 concurrent clients, and the stdio server's cold
 * start to its first answer. Not a test: run by {@code bin/bench-server [--records N] [--calls N]
 * [--cli-calls N] [--embedder onnx|none]}; prints a Markdown table, the start-up times and the p50
 * of each stage of the in-process recalls at one client (where a served recall's time goes).
 */
public final class ServerLatency {
  private static final String[] WORDS =
      ("harbour lantern quartz meadow cobalt deploy script tabs spaces gradle maven lucene index"
              + " budget token recall memory agent session project tide station survey python go"
              + " rust java react jquery docker kernel cache queue thread socket vault note")
          .split(" ");
  private static final long SEED = BenchCorpus.SEED;
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final AtomicLong QUERY = new AtomicLong();

  /** The corpus's questions, asked in turn; null for the synthetic corpus's word pairs. */
  private static volatile List<String> queries;

  private ServerLatency() {}

  interface Caller extends AutoCloseable {
    void recall(String query) throws Exception;

    @Override
    default void close() throws Exception {}
  }

  public static void main(String[] args) throws Exception {
    if (args.length == 2 && args[0].equals("--stdio-child")) {
      stdioChild(Path.of(args[1]));
      return;
    }
    Map<String, String> options = options(args);
    int records = Integer.parseInt(options.getOrDefault("--records", "10000"));
    int calls = Integer.parseInt(options.getOrDefault("--calls", "400"));
    int cliCalls = Integer.parseInt(options.getOrDefault("--cli-calls", "8"));
    String embedder = options.getOrDefault("--embedder", "onnx");
    String cli = options.get("--cli");
    String corpus = options.getOrDefault("--corpus", "datasets");
    if (!corpus.equals("datasets") && !corpus.equals("synthetic")) {
      throw new IllegalArgumentException("--corpus: datasets or synthetic, got " + corpus);
    }
    TextPool pool = corpus.equals("datasets") ? TextPool.load(Fixtures.datasetsDir(), SEED) : null;
    Path workspace = Files.createTempDirectory("recall4j-server-latency");
    EngineConfig config = config(workspace, embedder);
    System.out.printf(
        Locale.ROOT,
        "%d records (%s), embedder %s, %d calls per row (%d for the CLI); new query text each"
            + " call%n%n",
        records,
        corpus,
        embedder,
        calls,
        cliCalls);
    System.out.println("| path | clients | p50 ms | p99 ms | calls/s |");
    System.out.println("|---|---|---|---|---|");
    double readyMs;
    StageTimes stages = new StageTimes();
    try (RecallEngine engine = RecallEngine.open(config)) {
      if (pool == null) {
        fillSynthetic(engine, records);
      } else {
        fill(engine, pool, records);
        queries = pool.queries();
      }
      engine.compact();
      long started = System.nanoTime();
      try (HttpServer server =
          HttpServer.start(engine, ServerSettings.defaults(), "127.0.0.1", 0)) {
        readyMs = (System.nanoTime() - started) / 1e6;
        int port = server.port();
        for (int clients : new int[] {1, 4, 16}) {
          StageTimes timed = clients == 1 ? stages : null;
          System.out.println(row("in-process", clients, calls, () -> inProcess(engine, timed)));
          System.out.println(row("MCP HTTP", clients, calls, () -> mcp(port)));
          System.out.println(row("MCP HTTP, plain POST", clients, calls, () -> mcpPlain(port)));
          System.out.println(row("JSON /v1", clients, calls, () -> json(port)));
        }
      }
    }
    // The index is free now: a stdio server in a child JVM opens it, as an agent would spawn it.
    long spawned = System.nanoTime();
    double coldMs;
    try (McpSyncClient stdio = stdio(workspace, embedder)) {
      stdio.callTool(new CallToolRequest("memory_recall", Map.of("query", query())));
      coldMs = (System.nanoTime() - spawned) / 1e6;
      for (int clients : new int[] {1, 4, 16}) {
        System.out.println(row("MCP stdio", clients, calls, () -> shared(stdio)));
      }
    }
    if (cli != null) {
      System.out.println(row("one-shot CLI", 1, cliCalls, () -> oneShot(cli, config)));
    }
    System.out.printf(
        Locale.ROOT,
        "%nHTTP server ready %.0f ms after start (engine already open); stdio server: first recall"
            + " answered %.0f ms after the child JVM was spawned (JVM start, index open, model"
            + " load)%n",
        readyMs,
        coldMs);
    System.out.printf(
        Locale.ROOT,
        "in-process, 1 client, p50 of each stage's wall time over its last %d recalls (ms): %s%n",
        calls,
        stages.medians(calls));
  }

  static EngineConfig config(Path workspace, String embedder) {
    return EngineConfig.builder(workspace)
        .embedderProvider(EmbedderProvider.parse("--embedder", embedder))
        .build();
  }

  /** The stdio server of the child JVM: the workspace's index, served until stdin closes. */
  private static void stdioChild(Path workspace) throws Exception {
    String embedder = System.getProperty("recall4j.bench.embedder", "onnx");
    try (RecallEngine engine = RecallEngine.open(config(workspace, embedder))) {
      StdioServer server =
          StdioServer.start(engine, ServerSettings.defaults(), System.in, System.out);
      server.awaitClose();
      server.close();
    }
  }

  private static McpSyncClient stdio(Path workspace, String embedder) {
    ServerParameters parameters =
        ServerParameters.builder(Path.of(System.getProperty("java.home"), "bin", "java").toString())
            .args(
                "--add-modules=jdk.incubator.vector",
                "--enable-native-access=ALL-UNNAMED",
                "-Xmx1g",
                "-XX:+UseParallelGC", // as `recall4j serve` runs
                "-Drecall4j.bench.embedder=" + embedder,
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                "-cp",
                System.getProperty("java.class.path"),
                ServerLatency.class.getName(),
                "--stdio-child",
                workspace.toString())
            .build();
    McpSyncClient client =
        McpClient.sync(
                new StdioClientTransport(parameters, new JacksonMcpJsonMapper(new ObjectMapper())))
            .requestTimeout(Duration.ofSeconds(120))
            .initializationTimeout(Duration.ofSeconds(120))
            .build();
    client.initialize();
    return client;
  }

  /** Callers sharing one MCP session (a stdio server has one client connection). */
  private static Caller shared(McpSyncClient client) {
    return query -> client.callTool(new CallToolRequest("memory_recall", Map.of("query", query)));
  }

  /** One {@code bin/recall4j recall} process per call, reading the index read-only. */
  private static Caller oneShot(String cli, EngineConfig config) {
    return query -> {
      Process process =
          new ProcessBuilder(
                  cli,
                  "recall",
                  "--index",
                  config.indexDir().toString(),
                  "--format",
                  "json",
                  "--query",
                  query)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .redirectError(ProcessBuilder.Redirect.DISCARD)
              .start();
      if (process.waitFor() != 0) {
        throw new IllegalStateException(cli + " recall exited " + process.exitValue());
      }
    };
  }

  /** Recalls in this JVM; each recall's stage times go to {@code stages} unless it is null. */
  private static Caller inProcess(RecallEngine engine, StageTimes stages) {
    return query -> {
      Map<Stage, Double> timings =
          engine.recall(RecallRequest.builder(query).build()).timingsMillis();
      if (stages != null) {
        stages.add(timings);
      }
    };
  }

  /**
   * Each stage's wall times, recall by recall: where a served recall's time goes, the query
   * embedding ({@link Stage#EMBED}: the wait for the vector after the lexical search) beside the
   * searches.
   */
  private static final class StageTimes {
    private final Map<Stage, List<Double>> millis = new EnumMap<>(Stage.class);

    synchronized void add(Map<Stage, Double> timings) {
      timings.forEach((stage, ms) -> millis.computeIfAbsent(stage, s -> new ArrayList<>()).add(ms));
    }

    /** The median of each stage's last {@code count} times (the warm-up's are before them). */
    synchronized String medians(int count) {
      StringJoiner line = new StringJoiner(", ");
      millis.forEach(
          (stage, all) -> {
            double[] last =
                all.subList(Math.max(0, all.size() - count), all.size()).stream()
                    .mapToDouble(Double::doubleValue)
                    .sorted()
                    .toArray();
            line.add(String.format(Locale.ROOT, "%s %.2f", stage, last[last.length / 2]));
          });
      return line.toString();
    }
  }

  private static Caller mcp(int port) {
    McpSyncClient client =
        McpClient.sync(
                HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + port)
                    .endpoint("/mcp")
                    .jsonMapper(new JacksonMcpJsonMapper(new ObjectMapper()))
                    .build())
            .requestTimeout(Duration.ofSeconds(60))
            .build();
    client.initialize();
    return new Caller() {
      @Override
      public void recall(String query) {
        client.callTool(new CallToolRequest("memory_recall", Map.of("query", query)));
      }

      @Override
      public void close() {
        client.close();
      }
    };
  }

  /**
   * MCP over HTTP without an MCP library, as a Go or shell agent posts it: JSON-RPC {@code
   * tools/call} in one POST, one JSON body back (the server is stateless). Apart from the SDK
   * client's own cost, this is what the MCP layer adds over the JSON API.
   */
  private static Caller mcpPlain(int port) {
    HttpClient http = HttpClient.newHttpClient();
    URI uri = URI.create("http://127.0.0.1:" + port + "/mcp");
    AtomicLong ids = new AtomicLong();
    return query -> {
      HttpResponse<String> response =
          http.send(
              HttpRequest.newBuilder(uri)
                  .header("Content-Type", "application/json")
                  .header("Accept", "application/json, text/event-stream")
                  .POST(
                      HttpRequest.BodyPublishers.ofString(
                          JSON.writeValueAsString(
                              Map.of(
                                  "jsonrpc",
                                  "2.0",
                                  "id",
                                  ids.incrementAndGet(),
                                  "method",
                                  "tools/call",
                                  "params",
                                  Map.of(
                                      "name",
                                      "memory_recall",
                                      "arguments",
                                      Map.of("query", query))))))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200 || JSON.readTree(response.body()).has("error")) {
        throw new IllegalStateException(response.body());
      }
    };
  }

  static Caller json(int port) {
    HttpClient http = HttpClient.newHttpClient();
    URI uri = URI.create("http://127.0.0.1:" + port + "/v1/recall");
    return query -> {
      HttpResponse<String> response =
          http.send(
              HttpRequest.newBuilder(uri)
                  .POST(
                      HttpRequest.BodyPublishers.ofString(
                          JSON.writeValueAsString(Map.of("query", query))))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        throw new IllegalStateException(response.body());
      }
    };
  }

  interface CallerFactory {
    Caller create() throws Exception;
  }

  private static String row(String path, int clients, int calls, CallerFactory factory)
      throws Exception {
    List<Caller> callers = new ArrayList<>();
    for (int i = 0; i < clients; i++) {
      callers.add(factory.create());
    }
    int warmUp = Math.min(10, calls / 4);
    for (Caller caller : callers) {
      for (int i = 0; i < warmUp; i++) {
        caller.recall(query());
      }
    }
    long[] latencies = new long[calls];
    AtomicLong next = new AtomicLong();
    ExecutorService pool = Executors.newFixedThreadPool(clients);
    long started = System.nanoTime();
    List<Future<?>> running = new ArrayList<>();
    for (Caller caller : callers) {
      running.add(
          pool.submit(
              () -> {
                for (long i = next.getAndIncrement(); i < calls; i = next.getAndIncrement()) {
                  long t = System.nanoTime();
                  caller.recall(query());
                  latencies[(int) i] = System.nanoTime() - t;
                }
                return null;
              }));
    }
    for (Future<?> f : running) {
      f.get();
    }
    double seconds = (System.nanoTime() - started) / 1e9;
    pool.shutdown();
    for (Caller caller : callers) {
      caller.close();
    }
    Arrays.sort(latencies);
    return String.format(
        Locale.ROOT,
        "| %s | %d | %.2f | %.2f | %.1f |",
        path,
        clients,
        latencies[calls / 2] / 1e6,
        latencies[Math.min(calls - 1, (int) (calls * 0.99))] / 1e6,
        calls / seconds);
  }

  /** A query text not asked before, so the embedder's cache never answers it. */
  static String query() {
    long n = QUERY.incrementAndGet();
    List<String> questions = queries;
    if (questions != null) {
      return questions.get((int) (n % questions.size())) + " " + n;
    }
    SplittableRandom random = new SplittableRandom(n);
    return WORDS[random.nextInt(WORDS.length)]
        + " "
        + WORDS[random.nextInt(WORDS.length)]
        + " question "
        + n;
  }

  private static void fill(RecallEngine engine, TextPool pool, int records) {
    List<TextPool.Text> texts = pool.texts();
    if (texts.size() < records) {
      throw new IllegalArgumentException(
          "--records: the shared datasets hold " + texts.size() + " texts, asked " + records);
    }
    Instant now = Instant.now();
    List<MemoryRecord> batch = new ArrayList<>();
    for (int i = 0; i < records; i++) {
      TextPool.Text t = texts.get(i);
      batch.add(
          MemoryRecord.builder()
              .id("r" + i)
              .silo(t.silo())
              .kind(Kind.defaultFor(t.silo()))
              .title(t.title())
              .content(t.content())
              .created(t.timestamp() != null ? t.timestamp() : now)
              .build(now));
      if (batch.size() == 500 || i == records - 1) {
        engine.saveAll(batch);
        batch.clear();
      }
    }
  }

  static void fillSynthetic(RecallEngine engine, int records) {
    SplittableRandom random = new SplittableRandom(SEED);
    Instant now = Instant.now();
    List<MemoryRecord> batch = new ArrayList<>();
    for (int i = 0; i < records; i++) {
      StringBuilder text = new StringBuilder();
      for (int w = 0; w < 30; w++) {
        text.append(WORDS[random.nextInt(WORDS.length)]).append(' ');
      }
      batch.add(
          MemoryRecord.builder()
              .id("r" + i)
              .silo(Silo.MEMORY)
              .kind(Kind.OBSERVATION)
              .content(text.append("record ").append(i).toString())
              .build(now));
      if (batch.size() == 500 || i == records - 1) {
        engine.saveAll(batch);
        batch.clear();
      }
    }
  }

  static Map<String, String> options(String[] args) {
    Map<String, String> options = new java.util.HashMap<>();
    for (int i = 0; i + 1 < args.length; i += 2) {
      options.put(args[i], args[i + 1]);
    }
    return options;
  }
}
