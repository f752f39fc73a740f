package dev.recall4j.benchmarks;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.Silo;
import dev.recall4j.engine.EmbedderProvider;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.server.HttpServer;
import dev.recall4j.server.ServerSettings;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
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
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Issue 19's "Measured": one recall per call, a new query text each time (so the query is
 * embedded), in-process against MCP over streamable HTTP and the JSON API over the same engine;
 * p50, p99 and throughput with 1, 4 and 16 concurrent clients. Not a test: run by {@code
 * bin/bench-server [--records N] [--calls N] [--embedder onnx|none]}; prints a Markdown table.
 */
public final class ServerLatency {
  private static final String[] WORDS =
      ("harbour lantern quartz meadow cobalt deploy script tabs spaces gradle maven lucene index"
              + " budget token recall memory agent session project tide station survey python go"
              + " rust java react jquery docker kernel cache queue thread socket vault note")
          .split(" ");
  private static final AtomicLong QUERY = new AtomicLong();

  private ServerLatency() {}

  interface Caller extends AutoCloseable {
    void recall(String query) throws Exception;

    @Override
    default void close() throws Exception {}
  }

  public static void main(String[] args) throws Exception {
    Map<String, String> options = options(args);
    int records = Integer.parseInt(options.getOrDefault("--records", "10000"));
    int calls = Integer.parseInt(options.getOrDefault("--calls", "400"));
    String embedder = options.getOrDefault("--embedder", "onnx");
    Path workspace = Files.createTempDirectory("recall4j-server-latency");
    EngineConfig config =
        EngineConfig.builder(workspace)
            .embedderProvider(EmbedderProvider.parse("--embedder", embedder))
            .build();
    try (RecallEngine engine = RecallEngine.open(config)) {
      fill(engine, records);
      long started = System.nanoTime();
      try (HttpServer server =
          HttpServer.start(engine, ServerSettings.defaults(), "127.0.0.1", 0)) {
        double readyMs = (System.nanoTime() - started) / 1e6;
        int port = server.port();
        System.out.printf(
            Locale.ROOT,
            "%d records, embedder %s, %d calls per row; HTTP server ready %.0f ms after start"
                + " (engine already open)%n%n",
            records,
            embedder,
            calls,
            readyMs);
        System.out.println("| path | clients | p50 ms | p99 ms | calls/s |");
        System.out.println("|---|---|---|---|---|");
        for (int clients : new int[] {1, 4, 16}) {
          row("in-process", clients, calls, () -> inProcess(engine));
          row("MCP HTTP", clients, calls, () -> mcp(port));
          row("JSON /v1", clients, calls, () -> json(port));
        }
      }
    }
  }

  private static Caller inProcess(RecallEngine engine) {
    return query -> engine.recall(RecallRequest.builder(query).build());
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

  private static Caller json(int port) {
    HttpClient http = HttpClient.newHttpClient();
    URI uri = URI.create("http://127.0.0.1:" + port + "/v1/recall");
    return query -> {
      HttpResponse<String> response =
          http.send(
              HttpRequest.newBuilder(uri)
                  .POST(HttpRequest.BodyPublishers.ofString("{\"query\":\"" + query + "\"}"))
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

  private static void row(String path, int clients, int calls, CallerFactory factory)
      throws Exception {
    List<Caller> callers = new ArrayList<>();
    for (int i = 0; i < clients; i++) {
      callers.add(factory.create());
    }
    for (Caller caller : callers) {
      for (int i = 0; i < 10; i++) {
        caller.recall(query()); // warm-up
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
    System.out.printf(
        Locale.ROOT,
        "| %s | %d | %.2f | %.2f | %.0f |%n",
        path,
        clients,
        latencies[calls / 2] / 1e6,
        latencies[Math.min(calls - 1, (int) (calls * 0.99))] / 1e6,
        calls / seconds);
  }

  /** A query text not asked before, so the embedder's cache never answers it. */
  private static String query() {
    long n = QUERY.incrementAndGet();
    SplittableRandom random = new SplittableRandom(n);
    return WORDS[random.nextInt(WORDS.length)]
        + " "
        + WORDS[random.nextInt(WORDS.length)]
        + " question "
        + n;
  }

  private static void fill(RecallEngine engine, int records) {
    SplittableRandom random = new SplittableRandom(BenchCorpus.SEED);
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

  private static Map<String, String> options(String[] args) {
    Map<String, String> options = new java.util.HashMap<>();
    for (int i = 0; i + 1 < args.length; i += 2) {
      options.put(args[i], args[i + 1]);
    }
    return options;
  }
}
