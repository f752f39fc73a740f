package dev.recall4j.cli;

import dev.recall4j.core.Checks;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.IndexWrites;
import dev.recall4j.sources.SourceSpec;
import dev.recall4j.sources.SourceSync;
import dev.recall4j.sources.SourceWatcher;
import dev.recall4j.sources.SourcesConfig;
import dev.recall4j.sources.SyncReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Syncs the configured sources, or paths given by hand, and optionally keeps watching them. */
@Command(
    name = "sync",
    description = {
      "Bring the index in step with the sources: of recall4j.yaml, or with the PATHs given.",
      "A PATH's type comes from its name: .jsonl, .md/.txt, MEMORY.md and YYYY-MM-DD.md logs."
          + " While serve holds the index, the changes go through it.",
      "A record's id is SOURCE:PATH#CHUNK; a changed file's records are replaced, a vanished file's"
          + " marked deleted, an unchanged file costs nothing; pins, archives and forgets made"
          + " through recall4j survive. Prints what changed per source.",
      "A bad file or row is reported on stderr and left out, everything else synced: exit 4"
          + " (partial); status lists the errors until they are fixed."
    })
final class SyncCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin EngineOptions options;

  @Option(
      names = "--watch",
      description =
          "Keep running, syncing again after each burst of file changes (Ctrl-C to stop).")
  boolean watch;

  @Option(
      names = "--batch",
      paramLabel = "N",
      defaultValue = "" + SourceSync.DEFAULT_BATCH,
      description =
          "Records per commit; a file's records are never split (default: ${DEFAULT-VALUE}).")
  int batchSize;

  @Parameters(
      arity = "0..*",
      paramLabel = "PATH",
      description = "Files or folders to sync instead of the configured sources.")
  List<Path> paths = new ArrayList<>();

  @Override
  public Integer call() throws Exception {
    Checks.require(batchSize >= 1, "--batch", "must be at least 1, got %d", batchSize);
    PrintWriter out = spec.commandLine().getOut();
    EngineConfig config = options.config();
    SourcesConfig sources = SourceOptions.read(options);
    if (paths.isEmpty() && sources.sources().isEmpty()) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "no sources configured: add sources: to recall4j.yaml (docs/SOURCES.md) or give PATHs");
    }
    try (IndexWrites writes = options.openWrites(config)) {
      SourceSync sync = SourceOptions.sync(options, config, writes, batchSize);
      Callable<Map<String, SyncReport>> run =
          paths.isEmpty()
              ? () -> sync.syncAll(sources.sources())
              : () -> sync.syncPaths(sources.sources(), paths);
      PrintWriter err = spec.commandLine().getErr();
      int exit = PartialSync.report(print(out, run.call()), err);
      if (!watch) {
        return exit;
      }
      List<Path> roots =
          paths.isEmpty() ? sources.sources().stream().map(SourceSpec::path).toList() : paths;
      try (SourceWatcher watcher =
          new SourceWatcher(
              roots,
              () -> {
                SyncReport total = print(out, run.call());
                PartialSync.report(total, err);
                return total;
              },
              SourceWatcher.DEFAULT_DEBOUNCE,
              r -> {},
              e -> {
                err.println("recall4j: " + e.getMessage());
                err.flush();
              })) {
        out.printf(Locale.ROOT, "watching %d paths; Ctrl-C to stop%n", roots.size());
        out.flush();
        new CountDownLatch(1).await();
      }
    }
    return 0;
  }

  /** Prints each source's report and returns their sum. */
  private static SyncReport print(PrintWriter out, Map<String, SyncReport> reports) {
    reports.forEach((name, r) -> out.printf(Locale.ROOT, "%s: %s%n", name, r));
    out.flush();
    return reports.values().stream().reduce(SyncReport.EMPTY, SyncReport::plus);
  }
}
