package dev.recall4j.cli;

import dev.recall4j.core.Checks;
import dev.recall4j.engine.EngineConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * Restores records from JSONL exports exactly as written (times, status, tier, statistics,
 * vectors). Every file is checked first: a bad line stops the command before anything is written;
 * then the records are imported in committed batches, streaming ({@link FileBatches}). Unlike
 * {@code ingest}, nothing is deduplicated or re-timed.
 */
@Command(
    name = "import",
    description = {
      "Restore records from JSONL files written by export (lossless).",
      "Every file is checked first: a bad line stops the import before anything is written. Records"
          + " are then imported in batches of --batch, one commit each. If a batch fails, the"
          + " batches before it stay; fix the cause and run the same command again: importing a"
          + " record again replaces it with itself."
    })
final class ImportCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin EngineOptions options;

  @Option(
      names = "--batch",
      paramLabel = "N",
      defaultValue = "" + FileBatches.DEFAULT_BATCH,
      description = "Records per commit (default: ${DEFAULT-VALUE}).")
  int batchSize;

  @Parameters(
      arity = "1..*",
      paramLabel = "FILE",
      description = "JSONL files; records naming no namespace get --namespace.")
  List<Path> files;

  @Override
  public Integer call() throws IOException {
    Checks.require(batchSize >= 1, "--batch", "must be at least 1, got %d", batchSize);
    EngineConfig config = options.config();
    for (Path file : files) {
      Checks.require(
          file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".jsonl"),
          "FILE",
          "%s: import reads JSONL exports; use ingest for documents",
          file);
    }
    FileBatches input =
        new FileBatches(files, config.workspace(), options.scope(config), Instant.now());
    long written =
        input.checkAndWrite(
            options,
            config,
            batchSize,
            "importing",
            writes -> (batch, progress) -> writes.importAll(batch),
            spec.commandLine().getErr());
    spec.commandLine()
        .getOut()
        .printf(
            Locale.ROOT,
            "imported %d records from %d files into %s%n",
            written,
            files.size(),
            config.indexDir());
    return 0;
  }
}
