package dev.recall4j.cli;

import dev.recall4j.core.RecallRequest;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.RecordPage;
import dev.recall4j.engine.json.JsonShapes;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
    name = "list",
    description = "Page through the active records the filters allow, in id order.")
final class ListCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin EngineOptions options;
  @Mixin FilterOptions filters;

  @Option(
      names = "--limit",
      paramLabel = "N",
      defaultValue = "20",
      description = "Records per page, 1 to 1000 (default 20).")
  int limit;

  @Option(
      names = "--after",
      paramLabel = "CURSOR",
      description = "The cursor a previous page printed (next): the page after it.")
  String after;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      defaultValue = "text",
      description = "text (default), json or jsonl (docs/JSON.md).")
  String format;

  @Override
  public Integer call() throws IOException {
    ResultPrinter.format(format, "text", "json", "jsonl");
    EngineConfig config = options.config();
    PrintWriter out = spec.commandLine().getOut();
    // Bad filters are named before the index is opened, so the error is the user's, not "no index".
    RecallRequest request = filters.request("", options.scope(config)).build();
    try (RecallEngine engine = options.openReadOnlyWithoutModel(config)) {
      RecordPage page = engine.list(request, options.teams(), after, limit);
      switch (format) {
        case "json" -> out.println(JsonShapes.pretty(JsonShapes.list(page)));
        case "jsonl" -> ResultPrinter.jsonl(page, out);
        default -> ResultPrinter.text(page, out);
      }
    }
    return 0;
  }
}
