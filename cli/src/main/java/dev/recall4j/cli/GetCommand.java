package dev.recall4j.cli;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Wire;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.RecordJson;
import dev.recall4j.sources.SyncedRecords;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** The records of synced files, in file order: what a {@code memory_get} tool answers. */
@Command(
    name = "get",
    description = {
      "The records of a synced file, or of the synced files a glob matches, in file order.",
      "Quote a glob. Each record: PATH:LINE, id, status, then its text."
    })
final class GetCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin EngineOptions options;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      defaultValue = "text",
      description = "text or jsonl (one record per line, without vectors).")
  String format;

  @Parameters(arity = "1..*", paramLabel = "PATH|GLOB", description = "A file path or a glob.")
  List<String> patterns;

  @Override
  public Integer call() throws IOException {
    if (!format.equals("text") && !format.equals("jsonl")) {
      throw new IllegalArgumentException("--format: must be text or jsonl, got " + format);
    }
    PrintWriter out = spec.commandLine().getOut();
    EngineConfig config = options.config();
    if (!Files.isDirectory(config.indexDir())) {
      throw new NoSuchFileException(config.indexDir().toString());
    }
    Scope scope = options.scope(config);
    try (RecallEngine engine = options.openReadOnly(config)) {
      for (String pattern : patterns) {
        for (MemoryRecord record :
            SyncedRecords.of(
                engine, scope, options.teams(), pattern, Path.of("").toAbsolutePath())) {
          print(out, record);
        }
      }
    }
    return 0;
  }

  private void print(PrintWriter out, MemoryRecord r) {
    if (format.equals("jsonl")) {
      out.println(RecordJson.write(r, false));
      return;
    }
    String where =
        r.origin() == null
            ? ""
            : r.origin().path() + (r.origin().line() > 0 ? ":" + r.origin().line() : "") + "  ";
    out.printf("%s%s  %s%n", where, r.id(), Wire.name(r.status()));
    if (r.title() != null) {
      out.println("  # " + r.title());
    }
    r.content().lines().forEach(l -> out.println("  " + l));
  }
}
