package dev.recall4j.cli;

import dev.recall4j.core.Scope;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.RecordJson;
import dev.recall4j.engine.RecordMarkdown;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Writes every record of the namespace (any status and tier; team records with {@code --team}):
 * JSONL to a file or standard output, the lossless form {@code import} reads back; or Markdown, one
 * file per record with front matter, into a folder.
 */
@Command(
    name = "export",
    description = "Export a namespace's records as JSONL (lossless) or Markdown files.")
final class ExportCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin EngineOptions options;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      defaultValue = "jsonl",
      description = "jsonl (default) or markdown.")
  String format;

  @Option(
      names = "--out",
      paramLabel = "PATH",
      description = "JSONL: the file (default: standard output). Markdown: the folder (required).")
  Path out;

  @Option(
      names = "--no-vectors",
      description = "JSONL: leave the vectors out (smaller; import re-embeds).")
  boolean noVectors;

  @Override
  public Integer call() throws IOException {
    if (!format.equals("jsonl") && !format.equals("markdown")) {
      throw new IllegalArgumentException(
          "--format: unknown value \"" + format + "\", expected jsonl or markdown");
    }
    if (format.equals("markdown") && out == null) {
      throw new IllegalArgumentException(
          "--out: required with --format markdown (the folder to write the files to)");
    }
    EngineConfig config = options.config();
    Scope scope = options.scope(config);
    long count;
    try (RecallEngine engine = options.openReadOnlyWithoutModel(config)) {
      if (format.equals("markdown")) {
        Files.createDirectories(out);
        count =
            engine.export(
                scope,
                options.teams(),
                r ->
                    unchecked(
                        () ->
                            Files.writeString(
                                out.resolve(RecordMarkdown.fileName(r)),
                                RecordMarkdown.render(r),
                                StandardCharsets.UTF_8)));
      } else if (out != null) {
        try (BufferedWriter writer = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
          count = exportJsonl(engine, scope, writer);
        }
      } else {
        PrintWriter stdout = spec.commandLine().getOut();
        count = exportJsonl(engine, scope, stdout);
        stdout.flush();
      }
    }
    // Beside the records on stdout, the count goes to stderr; written to a file, it is the result.
    (out == null ? spec.commandLine().getErr() : spec.commandLine().getOut())
        .println(
            "exported "
                + count
                + " records of namespace "
                + scope.namespace()
                + (out == null ? "" : " to " + out));
    return 0;
  }

  private long exportJsonl(RecallEngine engine, Scope scope, Writer writer) {
    return engine.export(
        scope,
        options.teams(),
        r ->
            unchecked(
                () -> {
                  writer.write(RecordJson.write(r, !noVectors));
                  writer.write('\n');
                  return null;
                }));
  }

  private interface IoCall {
    Object call() throws IOException;
  }

  private static void unchecked(IoCall call) {
    try {
      call.call();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
