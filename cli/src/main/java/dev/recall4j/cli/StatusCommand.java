package dev.recall4j.cli;

import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.EngineStatus;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.sources.SyncState;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(
    name = "status",
    description =
        "Counts per silo, kind, tier and status; index size; embedding model; budget advice.")
final class StatusCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin EngineOptions options;

  @Override
  public Integer call() throws IOException {
    EngineConfig config = options.config();
    PrintWriter out = spec.commandLine().getOut();
    try (RecallEngine engine = options.openReadOnlyWithoutModel(config)) {
      EngineStatus s = engine.status(options.scope(config));
      out.printf(
          Locale.ROOT, "index:      %s (%.1f KiB on disk)%n", s.location(), s.sizeBytes() / 1024.0);
      out.printf(
          Locale.ROOT,
          "embeddings: %s%n",
          s.embeddingModel() == null
              ? "none (lexical only)"
              : s.embeddingModel() + ", " + s.dimension() + " dimensions");
      out.printf(
          Locale.ROOT,
          "records:    %d in namespace %s, %d without a vector%n",
          s.records(),
          options.scope(config).namespace(),
          s.withoutVector());
      print(out, "silo", s.bySilo());
      print(out, "kind", s.byKind());
      print(out, "tier", s.byTier());
      print(out, "status", s.byStatus());
      for (SyncState.SourceStatus source : SyncState.read(config.indexDir()).statuses()) {
        out.printf(
            Locale.ROOT,
            "source:     %s (%s, %s): %d files, %d records, last sync %s%n",
            source.name(),
            source.type(),
            source.path(),
            source.files(),
            source.records(),
            source.lastSync());
        source.errors().forEach(e -> out.printf(Locale.ROOT, "  error:    %s%n", e));
      }
      StatsCommand.printBudget(
          out, config, engine.statistics().budgetAdvice(options.scope(config)));
    }
    return 0;
  }

  private static void print(PrintWriter out, String label, Map<String, Long> counts) {
    StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-11s", label + ":"));
    new TreeMap<>(counts).forEach((k, v) -> line.append(' ').append(k).append('=').append(v));
    out.println(line);
  }
}
