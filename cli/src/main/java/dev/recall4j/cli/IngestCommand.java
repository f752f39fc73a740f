package dev.recall4j.cli;

import dev.recall4j.core.Checks;
import dev.recall4j.core.Scope;
import dev.recall4j.engine.EngineConfig;
import java.io.IOException;
import java.io.PrintWriter;
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
 * Checks every file first (a bad line stops the command before anything is written), then saves the
 * records in committed batches, streaming, so memory stays flat however large the files are ({@link
 * FileBatches}).
 */
@Command(
    name = "ingest",
    description = {
      "Save records from JSONL files (one record per line) and documents (.md, .txt, chunked for"
          + " RAG).",
      "Every file is checked first: a bad line stops the ingest before anything is written. Records"
          + " are then saved in batches of --batch, one commit each. If a batch fails (a full disk,"
          + " an id of another namespace), the batches before it stay saved; fix the cause and run"
          + " the same command again: saving the same records again stores no duplicates."
    })
final class IngestCommand implements Callable<Integer> {
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
      description = "JSONL record files, or .md/.txt documents.")
  List<Path> files;

  @Override
  public Integer call() throws IOException {
    Checks.require(batchSize >= 1, "--batch", "must be at least 1, got %d", batchSize);
    PrintWriter out = spec.commandLine().getOut();
    EngineConfig config = options.config();
    Scope scope = options.scope(config);
    FileBatches input = new FileBatches(files, config.workspace(), scope, Instant.now());
    long start = System.nanoTime();
    long written =
        input.checkAndWrite(
            options,
            config,
            batchSize,
            "ingesting",
            writes -> writes::saveAll,
            spec.commandLine().getErr());
    out.printf(
        Locale.ROOT,
        "ingested %d records from %d files into %s in %.0f ms%n",
        written,
        files.size(),
        config.indexDir(),
        (System.nanoTime() - start) / 1e6);
    return 0;
  }
}
