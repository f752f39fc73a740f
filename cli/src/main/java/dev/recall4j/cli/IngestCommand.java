package dev.recall4j.cli;

import dev.recall4j.core.Checks;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.IndexWrites;
import dev.recall4j.sources.SourceSync;
import dev.recall4j.sources.SyncReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
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
 * {@code sync} of the files given, under its older name: the same path-keyed ids, replaced chunks,
 * merged JSONL lines and kept lifecycle, then a compaction of the index. Every file is checked
 * before anything is written; JSONL is streamed in committed batches, so memory stays flat however
 * large the files are.
 */
@Command(
    name = "ingest",
    description = {
      "Save records from JSONL files and documents (.md, .txt): a sync of those files, compacted.",
      "A JSONL file holds one record per line; a document is chunked into RAG records. A"
          + " document's chunks are keyed by its path (files:/abs/path.md#N): ingesting it again"
          + " replaces them, and chunks it no longer has are marked deleted. A JSONL line is merged"
          + " over the record stored under its id: keys the line leaves out keep their stored"
          + " values, an unchanged line writes nothing.",
      "Every file is checked first: a bad line stops the ingest before anything is written. Records"
          + " are then saved in batches of --batch, one commit each. If a batch fails (a full disk,"
          + " a vector of the wrong dimension), the batches before it stay saved; fix the cause and run"
          + " the same command again: saving the same records again stores no duplicates."
    })
final class IngestCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin EngineOptions options;

  @Option(
      names = "--batch",
      paramLabel = "N",
      defaultValue = "" + SourceSync.DEFAULT_BATCH,
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
    long start = System.nanoTime();
    SyncReport report;
    try (IndexWrites writes = options.openWrites(config)) {
      SourceSync sync = SourceOptions.sync(options, config, writes, batchSize);
      report =
          sync.syncPaths(SourceOptions.read(options).sources(), files).values().stream()
              .reduce(SyncReport.EMPTY, SyncReport::plus);
      if (!report.isUnchanged()) {
        Housekeeping.compact(writes, spec.commandLine().getErr());
      }
    }
    out.printf(
        Locale.ROOT,
        "ingested %d records from %d files into %s in %.0f ms (%s)%n",
        report.added() + report.updated() + report.unchanged(),
        files.size(),
        config.indexDir(),
        (System.nanoTime() - start) / 1e6,
        report);
    return PartialSync.report(report, spec.commandLine().getErr());
  }
}
