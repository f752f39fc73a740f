package dev.recall4j.cli;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.RecallResult;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Stage;
import dev.recall4j.engine.EmbedderProvider;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.EngineStatus;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.RecordFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Indexes the bundled sample workspace into a temporary folder and runs three recalls. */
@Command(
    name = "quickstart",
    description =
        "Index the bundled sample workspace in a temporary folder and run three sample recalls.")
final class QuickstartCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = "--budget",
      paramLabel = "TOKENS",
      defaultValue = "512",
      description = "Token budget of each recall (default ${DEFAULT-VALUE}).")
  int budget;

  @Option(
      names = "--embedder",
      paramLabel = "PROVIDER",
      defaultValue = "onnx",
      description = "none, onnx (default) or ollama.")
  String embedder;

  @Option(names = "--keep", description = "Keep the temporary workspace and print its path.")
  boolean keep;

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    Path workspace = Files.createTempDirectory("recall4j-quickstart-");
    try {
      List<Path> files = SampleWorkspace.copyTo(workspace);
      EngineConfig config =
          EngineConfig.builder(workspace)
              .embedderProvider(EmbedderProvider.parse("--embedder", embedder))
              .build();
      Scope scope = config.defaultScope();
      List<MemoryRecord> records = new ArrayList<>();
      for (Path file : files) {
        records.addAll(RecordFiles.read(file, workspace, scope, Instant.now()));
      }
      records = SampleWorkspace.asOf(records, Instant.now());
      long openStart = System.nanoTime();
      try (RecallEngine engine = RecallEngine.open(config)) {
        double openMs = (System.nanoTime() - openStart) / 1e6;
        long ingestStart = System.nanoTime();
        engine.saveAll(records);
        double ingestMs = (System.nanoTime() - ingestStart) / 1e6;
        EngineStatus status = engine.status(scope);
        out.printf(
            Locale.ROOT,
            "recall4j quickstart: %d records (%s) indexed in %.0f ms into %s (%s on disk); engine opened in %.0f ms; embedder: %s%n%n",
            records.size(),
            status.bySilo(),
            ingestMs,
            config.indexDir(),
            bytes(status.sizeBytes()),
            openMs,
            engine.embedder().map(e -> e.modelId() + " (in-process)").orElse("none"));
        // The first recall pays for JIT and model warm-up; show it, then what a warm agent sees.
        for (String query : SampleWorkspace.QUERIES) {
          RecallResult result =
              engine.recall(RecallRequest.builder(query).scope(scope).budgetTokens(budget).build());
          out.println("> " + query);
          ResultPrinter.text(result, out);
          out.println();
        }
        out.println(warmLatency(engine, scope));
      }
      if (keep) {
        out.println("workspace kept at " + workspace);
      }
      return 0;
    } finally {
      if (!keep) {
        deleteRecursively(workspace);
      }
    }
  }

  /**
   * Median latency over repeated warm recalls of the sample queries: what an agent sees per prompt.
   */
  private String warmLatency(RecallEngine engine, Scope scope) {
    int rounds = 20;
    List<Double> millis = new ArrayList<>();
    for (int i = 0; i < rounds; i++) {
      for (String query : SampleWorkspace.QUERIES) {
        RecallRequest request =
            RecallRequest.builder(query).scope(scope).budgetTokens(budget).build();
        millis.add(engine.recall(request).timingsMillis().get(Stage.TOTAL));
      }
    }
    millis.sort(Comparator.naturalOrder());
    return String.format(
        Locale.ROOT,
        "warm recall latency over %d recalls: median %.2f ms, p95 %.2f ms (query vectors cached after the first round)",
        millis.size(),
        millis.get(millis.size() / 2),
        millis.get((int) Math.ceil(millis.size() * 0.95) - 1));
  }

  private static String bytes(long n) {
    return n < 1024 * 1024
        ? String.format(Locale.ROOT, "%.1f KiB", n / 1024.0)
        : String.format(Locale.ROOT, "%.1f MiB", n / 1048576.0);
  }

  private static void deleteRecursively(Path dir) throws IOException {
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
