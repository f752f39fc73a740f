package dev.recall4j.cli;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.RecordFiles;
import java.io.IOException;
import java.io.PrintWriter;
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
 * Reads every file first (a bad line stops the command before anything is written), then saves all
 * records in one commit.
 */
@Command(
    name = "ingest",
    description =
        "Save records from JSONL files (one record per line) and documents (.md, .txt, chunked for RAG).")
final class IngestCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin EngineOptions options;

  @Parameters(
      arity = "1..*",
      paramLabel = "FILE",
      description = "JSONL record files, or .md/.txt documents.")
  List<Path> files;

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    EngineConfig config = options.config();
    Scope scope = options.scope(config);
    Instant now = Instant.now();
    List<MemoryRecord> records = new ArrayList<>();
    for (Path file : files) {
      records.addAll(RecordFiles.read(file, config.workspace(), scope, now));
    }
    long start = System.nanoTime();
    try (RecallEngine engine = options.open(config)) {
      ProgressBar bar = new ProgressBar(spec.commandLine().getErr(), "embedding");
      engine.saveAll(records, bar::update);
      bar.finish();
      Housekeeping.compact(engine, spec.commandLine().getErr());
    }
    out.printf(
        Locale.ROOT,
        "ingested %d records from %d files into %s in %.0f ms%n",
        records.size(),
        files.size(),
        config.indexDir(),
        (System.nanoTime() - start) / 1e6);
    return 0;
  }
}
