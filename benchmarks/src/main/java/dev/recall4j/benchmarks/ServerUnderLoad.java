package dev.recall4j.benchmarks;

import dev.recall4j.engine.RecallEngine;
import dev.recall4j.server.HttpServer;
import dev.recall4j.server.ServerSettings;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Issue 33's bounded load and slow-client run: a served engine in a child JVM (as {@code recall4j
 * serve --http} runs), CLIENTS callers recalling over the JSON API without pause, alone before and
 * after, and between the two beside SLOW connections that each send a request's headers and then
 * one body byte a second (opened again when the server cuts them); a warm-up first is not counted.
 * Every 10 s it prints the window's p50, p99, errors, the slow connections open, and the server's
 * RSS and thread count, then a summary: the latency beside slow clients against the latency without
 * them, errors, and RSS growth. Not a test: run by {@code bin/load-test [--records N] [--clients N]
 * [--slow N] [--warm-up-seconds N] [--baseline-seconds N] [--seconds N]}.
 */
public final class ServerUnderLoad {
  private static final int WINDOW_SECONDS = 10;

  private ServerUnderLoad() {}

  public static void main(String[] args) throws Exception {
    if (args.length == 2 && args[0].equals("--serve-child")) {
      serveChild(Path.of(args[1]));
      return;
    }
    Map<String, String> options = ServerLatency.options(args);
    int records = Integer.parseInt(options.getOrDefault("--records", "2000"));
    int clients = Integer.parseInt(options.getOrDefault("--clients", "8"));
    int slow = Integer.parseInt(options.getOrDefault("--slow", "400"));
    int warmUpSeconds = Integer.parseInt(options.getOrDefault("--warm-up-seconds", "20"));
    int baselineSeconds = Integer.parseInt(options.getOrDefault("--baseline-seconds", "30"));
    int seconds = Integer.parseInt(options.getOrDefault("--seconds", "120"));
    Path workspace = Files.createTempDirectory("recall4j-load");
    try (RecallEngine engine = RecallEngine.open(ServerLatency.config(workspace, "none"))) {
      ServerLatency.fillSynthetic(engine, records);
      engine.compact();
    }
    Process server = startServer(workspace);
    try {
      int port = readPort(server);
      System.out.printf(
          Locale.ROOT,
          "%d records, lexical recall (--embedder none), %d clients over /v1/recall; %d slow"
              + " connections after %d s; server pid %d%n%n",
          records,
          clients,
          slow,
          baselineSeconds,
          server.pid());
      System.out.println(
          "| seconds | slow open | calls | p50 ms | p99 ms | errors | server RSS MB | threads |");
      System.out.println("|---:|---:|---:|---:|---:|---:|---:|---:|");
      Load load = new Load(port, clients);
      SlowClients slowClients = new SlowClients(port, slow);
      List<Window> baseline = new ArrayList<>();
      List<Window> loaded = new ArrayList<>();
      load.start();
      // JIT compilation and the first index reads: not part of any window.
      Thread.sleep(warmUpSeconds * 1000L);
      load.window(0, ProcStatus.of(server.pid()));
      long rssBefore = ProcStatus.of(server.pid()).rssKb();
      int slowFrom = baselineSeconds;
      int slowUntil = baselineSeconds + seconds;
      for (int t = WINDOW_SECONDS; t <= slowUntil + baselineSeconds; t += WINDOW_SECONDS) {
        if (t - WINDOW_SECONDS == slowFrom) {
          slowClients.start();
        } else if (t - WINDOW_SECONDS == slowUntil) {
          slowClients.stop();
        }
        Thread.sleep(WINDOW_SECONDS * 1000L);
        Window window = load.window(slowClients.open(), ProcStatus.of(server.pid()));
        System.out.println(window.row(t));
        (t <= slowFrom || t > slowUntil ? baseline : loaded).add(window);
      }
      load.stop();
      System.out.println();
      System.out.println(summary(baseline, loaded, rssBefore, slowClients));
    } finally {
      server.getOutputStream().close();
      server.destroy();
      server.waitFor();
    }
  }

  private static void serveChild(Path workspace) throws Exception {
    try (RecallEngine engine = RecallEngine.open(ServerLatency.config(workspace, "none"));
        HttpServer server = HttpServer.start(engine, ServerSettings.defaults(), "127.0.0.1", 0)) {
      System.out.println(server.port());
      System.out.flush();
      // Served until the parent closes stdin.
      while (System.in.read() != -1) {
        // nothing to read: the parent sends nothing
      }
    }
  }

  private static Process startServer(Path workspace) throws IOException {
    return new ProcessBuilder(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "--add-modules=jdk.incubator.vector",
            "--enable-native-access=ALL-UNNAMED",
            "-Xmx512m",
            "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
            "-cp",
            System.getProperty("java.class.path"),
            ServerUnderLoad.class.getName(),
            "--serve-child",
            workspace.toString())
        .redirectError(ProcessBuilder.Redirect.INHERIT)
        .start();
  }

  private static int readPort(Process server) throws IOException {
    BufferedReader out =
        new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
    String line = out.readLine();
    if (line == null) {
      throw new IllegalStateException("the server child exited before it printed its port");
    }
    return Integer.parseInt(line.trim());
  }

  private static String summary(
      List<Window> baseline, List<Window> loaded, long rssBeforeKb, SlowClients slow) {
    long rssMaxKb = loaded.stream().mapToLong(w -> w.server().rssKb()).max().orElse(0);
    long rssEndKb = loaded.isEmpty() ? 0 : loaded.get(loaded.size() - 1).server().rssKb();
    return String.format(
        Locale.ROOT,
        "without slow connections (before and after) p50 / p99 %.2f / %.2f ms (median of windows); beside slow connections %.2f /"
            + " %.2f ms (%.2fx / %.2fx); errors %d of %d calls; slow connections opened %d, cut"
            + " by the server %d; server RSS %d MB before, %d MB at the end, %d MB at most"
            + " (growth %+d MB); threads at most %d",
        Window.medianP50(baseline),
        Window.medianP99(baseline),
        Window.medianP50(loaded),
        Window.medianP99(loaded),
        Window.medianP50(loaded) / Window.medianP50(baseline),
        Window.medianP99(loaded) / Window.medianP99(baseline),
        Window.errors(baseline) + Window.errors(loaded),
        Window.calls(baseline) + Window.calls(loaded),
        slow.opened(),
        slow.cut(),
        rssBeforeKb / 1024,
        rssEndKb / 1024,
        rssMaxKb / 1024,
        (rssEndKb - rssBeforeKb) / 1024,
        loaded.stream().mapToInt(w -> w.server().threads()).max().orElse(0));
  }

  /** VmRSS and Threads of a process, from {@code /proc/PID/status}. */
  record ProcStatus(long rssKb, int threads) {
    static ProcStatus of(long pid) throws IOException {
      long rss = 0;
      int threads = 0;
      for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
        if (line.startsWith("VmRSS:")) {
          rss = Long.parseLong(line.replaceAll("\\D", ""));
        } else if (line.startsWith("Threads:")) {
          threads = Integer.parseInt(line.replaceAll("\\D", ""));
        }
      }
      return new ProcStatus(rss, threads);
    }
  }

  /** One window's figures: latencies in nanoseconds, sorted. */
  record Window(long[] latencies, long errors, int slowOpen, ProcStatus server) {
    double p50() {
      return latencies.length == 0 ? Double.NaN : latencies[latencies.length / 2] / 1e6;
    }

    double p99() {
      return latencies.length == 0
          ? Double.NaN
          : latencies[Math.min(latencies.length - 1, (int) (latencies.length * 0.99))] / 1e6;
    }

    String row(int seconds) {
      return String.format(
          Locale.ROOT,
          "| %d | %d | %d | %.2f | %.2f | %d | %d | %d |",
          seconds,
          slowOpen,
          latencies.length,
          p50(),
          p99(),
          errors,
          server.rssKb() / 1024,
          server.threads());
    }

    static double medianP50(List<Window> windows) {
      return median(windows.stream().mapToDouble(Window::p50).sorted().toArray());
    }

    static double medianP99(List<Window> windows) {
      return median(windows.stream().mapToDouble(Window::p99).sorted().toArray());
    }

    static long errors(List<Window> windows) {
      return windows.stream().mapToLong(Window::errors).sum();
    }

    static long calls(List<Window> windows) {
      return windows.stream().mapToLong(w -> w.latencies().length).sum();
    }

    private static double median(double[] sorted) {
      return sorted.length == 0 ? Double.NaN : sorted[sorted.length / 2];
    }
  }

  /** CLIENTS callers recalling without pause; each window takes the latencies since the last. */
  private static final class Load {
    private final int port;
    private final int clients;
    private final List<Long> latencies = Collections.synchronizedList(new ArrayList<>());
    private final AtomicLong errors = new AtomicLong();
    private final ExecutorService pool;
    private volatile boolean running = true;

    Load(int port, int clients) {
      this.port = port;
      this.clients = clients;
      this.pool = Executors.newFixedThreadPool(clients);
    }

    void start() {
      for (int i = 0; i < clients; i++) {
        pool.submit(
            () -> {
              ServerLatency.Caller caller = ServerLatency.json(port);
              while (running) {
                long t = System.nanoTime();
                try {
                  caller.recall(ServerLatency.query());
                  latencies.add(System.nanoTime() - t);
                } catch (Exception e) {
                  errors.incrementAndGet();
                }
              }
              return null;
            });
      }
    }

    Window window(int slowOpen, ProcStatus server) {
      long[] taken;
      synchronized (latencies) {
        taken = latencies.stream().mapToLong(Long::longValue).sorted().toArray();
        latencies.clear();
      }
      return new Window(taken, errors.getAndSet(0), slowOpen, server);
    }

    void stop() throws InterruptedException {
      running = false;
      pool.shutdown();
      pool.awaitTermination(30, java.util.concurrent.TimeUnit.SECONDS);
    }
  }

  /**
   * SLOW connections, each on a virtual thread: a request's headers announcing a 100 KB body, then
   * one byte a second; when the server cuts one (its body deadline), it is opened again.
   */
  private static final class SlowClients {
    private static final byte[] HEADERS =
        ("POST /v1/recall HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: 100000\r\n\r\n{")
            .getBytes(StandardCharsets.US_ASCII);

    private final int port;
    private final int count;
    private final AtomicInteger open = new AtomicInteger();
    private final AtomicLong opened = new AtomicLong();
    private final AtomicLong cut = new AtomicLong();
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean running = true;

    SlowClients(int port, int count) {
      this.port = port;
      this.count = count;
    }

    void start() {
      for (int i = 0; i < count; i++) {
        threads.add(Thread.ofVirtual().start(this::trickle));
      }
    }

    private void trickle() {
      while (running) {
        try (Socket socket = new Socket()) {
          socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
          opened.incrementAndGet();
          open.incrementAndGet();
          try {
            OutputStream out = socket.getOutputStream();
            out.write(HEADERS);
            out.flush();
            while (running) {
              Thread.sleep(1_000);
              out.write(' ');
              out.flush();
            }
          } finally {
            open.decrementAndGet();
          }
        } catch (IOException e) {
          if (running) {
            cut.incrementAndGet();
          }
        } catch (InterruptedException e) {
          return;
        }
      }
    }

    int open() {
      return open.get();
    }

    long opened() {
      return opened.get();
    }

    long cut() {
      return cut.get();
    }

    void stop() throws InterruptedException {
      running = false;
      threads.forEach(Thread::interrupt);
      for (Thread thread : threads) {
        thread.join();
      }
    }
  }
}
