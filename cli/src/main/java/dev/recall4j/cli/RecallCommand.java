package dev.recall4j.cli;

import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.RecallResult;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.RecallEngine;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
    name = "recall",
    description = "Recall what is relevant to a query, packed into a token budget.")
final class RecallCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin EngineOptions options;
  @Mixin FilterOptions filters;
  @Mixin LinkOptions linkOptions;

  @Option(names = "--query", required = true, paramLabel = "TEXT", description = "What to recall.")
  String query;

  @Option(
      names = "--budget",
      paramLabel = "TOKENS",
      description = "Token budget (default: context length x share, 512 when unknown).")
  Integer budget;

  @Option(
      names = "--tokenizer",
      paramLabel = "NAME",
      description = "Token counter: heuristic, cl100k or o200k (overrides the configuration).")
  String tokenizer;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      defaultValue = "text",
      description = "text (default) or json (docs/JSON.md).")
  String format;

  @Option(
      names = "--render",
      paramLabel = "STYLE",
      description =
          "How the injected block looks: grouped, xml, display or json (default: budget.renderer).")
  String render;

  @Option(
      names = "--explain",
      description = "Every factor of each item's score: a table, or explain objects in JSON.")
  boolean explain;

  @Override
  public Integer call() throws IOException {
    EngineConfig config = options.config();
    if (tokenizer != null) {
      config = config.toBuilder().tokenizer(tokenizer).build();
    }
    ResultPrinter.format(format, "text", "json");
    RecallRequest request =
        filters
            .request(query, options.scope(config))
            .budgetTokens(budget)
            .render(render)
            .links(linkOptions.links)
            .build();
    PrintWriter out = spec.commandLine().getOut();
    try (RecallEngine engine = options.openReadOnly(config)) {
      RecallResult result = engine.recall(request, options.teams());
      if (format.equals("json")) {
        ResultPrinter.json(result, explain, out);
      } else if (explain) {
        ResultPrinter.explain(result, out);
      } else {
        ResultPrinter.text(result, out);
      }
      out.flush();
      // After the answer is out: the recall log is for `stats`, never worth a slower answer.
      engine.statistics().logRecallNow(request, result);
    }
    return 0;
  }
}
