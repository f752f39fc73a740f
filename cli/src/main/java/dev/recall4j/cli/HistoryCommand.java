package dev.recall4j.cli;

import dev.recall4j.core.Checks;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Wire;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.RecallEngine;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Prints a record's supersede chain, newest first: one line per version. */
@Command(
    name = "history",
    description = "Show the supersede chain of a record, newest version first.")
final class HistoryCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin EngineOptions options;

  @Parameters(index = "0", paramLabel = "ID")
  String id;

  @Override
  public Integer call() throws IOException {
    EngineConfig config = options.config();
    List<MemoryRecord> chain;
    try (RecallEngine engine = options.openReadOnlyWithoutModel(config)) {
      chain = engine.history(options.scope(config), id);
    }
    PrintWriter out = spec.commandLine().getOut();
    for (MemoryRecord r : chain) {
      out.printf(
          Locale.ROOT,
          "%s  %-10s %-8s %s  %s%n",
          r.id(),
          Wire.name(r.status()),
          Wire.name(r.tier()),
          r.updated(),
          Checks.excerpt(r.content()));
    }
    return 0;
  }
}
