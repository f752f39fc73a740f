package dev.recall4j.cli;

import dev.recall4j.core.Checks;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.RecordFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * Restores records from JSONL exports exactly as written (times, status, tier, statistics,
 * vectors), in one commit. Every file is read first: a bad line stops the command before anything
 * is written. Unlike {@code ingest}, nothing is deduplicated or re-timed.
 */
@Command(
    name = "import",
    description = "Restore records from JSONL files written by export (lossless, one commit).")
final class ImportCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin EngineOptions options;

  @Parameters(
      arity = "1..*",
      paramLabel = "FILE",
      description = "JSONL files; records naming no namespace get --namespace.")
  List<Path> files;

  @Override
  public Integer call() throws IOException {
    EngineConfig config = options.config();
    Instant now = Instant.now();
    List<MemoryRecord> records = new ArrayList<>();
    for (Path file : files) {
      Checks.require(
          file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".jsonl"),
          "FILE",
          "%s: import reads JSONL exports; use ingest for documents",
          file);
      records.addAll(RecordFiles.read(file, config.workspace(), options.scope(config), now));
    }
    try (RecallEngine engine = options.open(config)) {
      engine.importAll(records);
      Housekeeping.compact(engine, spec.commandLine().getErr());
    }
    spec.commandLine()
        .getOut()
        .printf(
            Locale.ROOT,
            "imported %d records from %d files into %s%n",
            records.size(),
            files.size(),
            config.indexDir());
    return 0;
  }
}
