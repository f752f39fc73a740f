package dev.recall4j.cli;

import dev.recall4j.core.RecallRequest;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.SearchResult;
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
    name = "search",
    description = "Ranked records for a query, not packed: id, silo, kind, score, origin, text.")
final class SearchCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin EngineOptions options;
  @Mixin FilterOptions filters;
  @Mixin LinkOptions linkOptions;

  @Option(names = "--query", required = true, paramLabel = "TEXT", description = "What to find.")
  String query;

  @Option(
      names = "--limit",
      paramLabel = "N",
      defaultValue = "10",
      description = "Records to return at most (default 10).")
  int limit;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      defaultValue = "text",
      description = "text (default) or json (docs/JSON.md).")
  String format;

  @Option(names = "--explain", description = "With --format json: every factor of each score.")
  boolean explain;

  @Override
  public Integer call() throws IOException {
    ResultPrinter.format(format, "text", "json");
    EngineConfig config = options.config();
    RecallRequest request =
        filters.request(query, options.scope(config)).links(linkOptions.links).build();
    PrintWriter out = spec.commandLine().getOut();
    try (RecallEngine engine = options.openReadOnly(config)) {
      SearchResult result = engine.search(request, options.teams(), limit);
      if (format.equals("json")) {
        out.println(JsonShapes.pretty(JsonShapes.search(result, explain)));
      } else {
        ResultPrinter.text(result, out);
      }
    }
    return 0;
  }
}
