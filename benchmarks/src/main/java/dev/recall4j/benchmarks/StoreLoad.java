package dev.recall4j.benchmarks;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.Scope;
import dev.recall4j.engine.ConfigFile;
import dev.recall4j.engine.EmbedderProvider;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.StoreOpener;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The cluster store against the in-process index under the same load, side by side in one run
 * (issue 34): the same benchmark corpus written through the engine into each (bulk ingest, then
 * compaction), then closed-loop hybrid recall by 1, 4 and 16 clients for a fixed time each, the
 * in-process index and the cluster taking turns at each client count so that both see the same
 * machine load. Every engine default, the query vector precomputed (no model runs). Reports per
 * store the ingest rate and each client count's recall p50, p99 and throughput, the cluster's
 * ratios to the in-process figures, and the 1-minute load average before and after each step (the
 * machine is shared).
 *
 * <p>Usage: {@code java -cp benchmarks.jar dev.recall4j.benchmarks.StoreLoad OUT.json RECORDS
 * SECONDS WORKSPACE STORE_CONFIG}: WORKSPACE an empty folder (the in-process index goes there),
 * STORE_CONFIG a {@code recall4j.yaml} naming the other store, whose index must be empty. Run by
 * {@code bin/bench-store}.
 */
public final class StoreLoad {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int[] CLIENTS = {1, 4, 16};
  private static final int INGEST_BATCH = 1_000;

  private StoreLoad() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 5) {
      throw new IllegalArgumentException(
          "usage: StoreLoad OUT.json RECORDS SECONDS WORKSPACE STORE_CONFIG");
    }
    Path out = Path.of(args[0]);
    int size = Integer.parseInt(args[1]);
    int seconds = Integer.parseInt(args[2]);
    Path workspace = Files.createDirectories(Path.of(args[3]));
    StoreOpener cluster = ConfigFile.read(Path.of(args[4])).store();
    List<BenchQuery> queries = Fixtures.queries();
    List<MemoryRecord> records = Fixtures.corpus(size).records();
    ObjectNode report = JSON.createObjectNode();
    report.put("records", size);
    report.put("seconds_per_level", seconds);
    report.put("cluster", cluster.location());
    report.set("machine", JSON.valueToTree(MachineInfo.current()));
    try (RecallEngine local = open(workspace.resolve("in-process"), null, queries);
        RecallEngine remote = open(workspace.resolve("cluster"), cluster, queries)) {
      ObjectNode inProcess = report.putObject("in_process");
      ObjectNode onCluster = report.putObject("cluster_store");
      ingest(local, records, inProcess.putObject("ingest"));
      ingest(remote, records, onCluster.putObject("ingest"));
      ArrayNode localLevels = inProcess.putArray("recall");
      ArrayNode remoteLevels = onCluster.putArray("recall");
      ArrayNode ratios = report.putArray("cluster_to_in_process");
      for (int clients : CLIENTS) {
        ObjectNode l = recall(local, "in-process", queries, clients, seconds);
        ObjectNode r = recall(remote, "cluster", queries, clients, seconds);
        localLevels.add(l);
        remoteLevels.add(r);
        ratios.add(ratio(clients, l, r));
      }
      inProcess.put("store_bytes", local.status(Scope.of(Fixtures.NAMESPACE)).sizeBytes());
      onCluster.put("store_bytes", remote.status(Scope.of(Fixtures.NAMESPACE)).sizeBytes());
    }
    report.put("rss_bytes_of_this_jvm", rss());
    JSON.writerWithDefaultPrettyPrinter().writeValue(out.toFile(), report);
    System.out.println(JSON.writerWithDefaultPrettyPrinter().writeValueAsString(report));
  }

  /** An engine over the in-process index in {@code dir}, or over {@code store} when given. */
  private static RecallEngine open(Path dir, StoreOpener store, List<BenchQuery> queries)
      throws IOException {
    EngineConfig config =
        EngineConfig.builder(Files.createDirectories(dir))
            .indexDir(dir.resolve("index"))
            .embedderProvider(EmbedderProvider.NONE)
            .statsEnabled(false)
            .store(store)
            .build();
    return RecallEngine.open(config, Fixtures.precomputedEmbedder(queries), Clock.systemUTC());
  }

  /** The cluster's figures over the in-process ones at one client count. */
  private static ObjectNode ratio(int clients, ObjectNode local, ObjectNode remote) {
    ObjectNode ratio = JSON.createObjectNode();
    ratio.put("clients", clients);
    for (String field : List.of("p50_ms", "p99_ms", "recalls_per_second")) {
      ratio.put(field, remote.get(field).asDouble() / local.get(field).asDouble());
    }
    return ratio;
  }

  /** Writes the corpus in batches, then compacts, timing both. */
  private static void ingest(RecallEngine engine, List<MemoryRecord> records, ObjectNode out) {
    out.put("load_before", load());
    long start = System.nanoTime();
    for (int from = 0; from < records.size(); from += INGEST_BATCH) {
      engine.importAll(records.subList(from, Math.min(records.size(), from + INGEST_BATCH)));
    }
    double written = seconds(start);
    long compacting = System.nanoTime();
    engine.compact();
    double compacted = seconds(compacting);
    out.put("seconds", written);
    out.put("records_per_second", records.size() / written);
    out.put("compact_seconds", compacted);
    out.put("load_after", load());
  }

  /** {@code clients} threads recalling in a closed loop for {@code seconds}, after a warm-up. */
  private static ObjectNode recall(
      RecallEngine engine, String name, List<BenchQuery> queries, int clients, int seconds)
      throws Exception {
    for (BenchQuery q : queries) {
      engine.recall(request(q));
    }
    ObjectNode level = JSON.createObjectNode();
    level.put("clients", clients);
    level.put("load_before", load());
    AtomicInteger next = new AtomicInteger();
    long deadline = System.nanoTime() + seconds * 1_000_000_000L;
    long start = System.nanoTime();
    List<Future<List<Double>>> runs = new ArrayList<>();
    ExecutorService pool = Executors.newFixedThreadPool(clients);
    try {
      for (int c = 0; c < clients; c++) {
        runs.add(
            pool.submit(
                () -> {
                  List<Double> millis = new ArrayList<>();
                  while (System.nanoTime() < deadline) {
                    BenchQuery q = queries.get(next.getAndIncrement() % queries.size());
                    long t = System.nanoTime();
                    engine.recall(request(q));
                    millis.add((System.nanoTime() - t) / 1e6);
                  }
                  return millis;
                }));
      }
      List<Double> all = new ArrayList<>();
      for (Future<List<Double>> run : runs) {
        all.addAll(run.get());
      }
      double elapsed = seconds(start);
      double[] sorted = all.stream().mapToDouble(Double::doubleValue).sorted().toArray();
      level.put("recalls", sorted.length);
      level.put("p50_ms", percentile(sorted, 50));
      level.put("p99_ms", percentile(sorted, 99));
      level.put("recalls_per_second", sorted.length / elapsed);
      level.put("load_after", load());
      System.err.printf(
          Locale.ROOT,
          "%s, %d clients: %d recalls, p50 %.1f ms, p99 %.1f ms, %.1f/s (load %s -> %s)%n",
          name,
          clients,
          sorted.length,
          percentile(sorted, 50),
          percentile(sorted, 99),
          sorted.length / elapsed,
          level.get("load_before").asText(),
          level.get("load_after").asText());
      return level;
    } finally {
      pool.shutdownNow();
    }
  }

  private static RecallRequest request(BenchQuery q) {
    return RecallRequest.builder(q.text()).scope(Scope.of(Fixtures.NAMESPACE)).build();
  }

  private static double percentile(double[] sorted, double at) {
    return sorted.length == 0 ? Double.NaN : RecallLatency.percentile(sorted, at);
  }

  private static double seconds(long start) {
    return (System.nanoTime() - start) / 1e9;
  }

  /** The 1-minute load average, as {@code uptime} shows it. */
  private static String load() {
    return String.format(
        Locale.ROOT, "%.2f", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
  }

  /** This JVM's resident set (VmRSS), or -1 where /proc is not there. */
  private static long rss() {
    return MemoryProbe.status("VmRSS").orElse(-1L);
  }
}
