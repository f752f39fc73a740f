package dev.recall4j.cli;

import dev.recall4j.budget.BudgetSizing;
import dev.recall4j.core.Scope;
import dev.recall4j.engine.BudgetAdvice;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.IndexWrites;
import dev.recall4j.engine.LoggedRecall;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.RecallLogSummary;
import dev.recall4j.engine.SessionStats;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The recall log and session statistics of a namespace, with the budget advice. With {@code
 * --record-session} it first records one session's {@code memory_stats} row, for agents that call
 * the CLI at session end instead of the Java API.
 */
@Command(
    name = "stats",
    description = "Recall log, session budget statistics and budget advice of a namespace.")
final class StatsCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin EngineOptions options;

  @Option(
      names = "--last",
      paramLabel = "N",
      defaultValue = "10",
      description = "Recall-log entries to list (default 10).")
  int last;

  @ArgGroup(exclusive = false)
  Session session;

  static final class Session {
    @Option(
        names = "--record-session",
        required = true,
        paramLabel = "ID",
        description = "Record a session's statistics first.")
    String id;

    @Option(
        names = "--budget-tokens",
        required = true,
        paramLabel = "N",
        description = "The session's budget in tokens.")
    int budgetTokens;

    @Option(
        names = "--injected-tokens",
        required = true,
        paramLabel = "N",
        description = "Tokens injected over the session.")
    int injectedTokens;

    @Option(names = "--compressed", description = "The rolling summary fired at least once.")
    boolean compressed;

    @Option(
        names = "--tokens-per-sec",
        paramLabel = "X",
        description = "The model's average generation speed.")
    Double tokensPerSec;
  }

  @Override
  public Integer call() throws IOException {
    EngineConfig config = options.config();
    Scope scope = options.scope(config);
    PrintWriter out = spec.commandLine().getOut();
    if (!config.stats().enabled()) {
      out.println("statistics are off (stats.enabled: false)");
      return 0;
    }
    // Recording a session writes the statistics database: the index's writer does it (this
    // command, or the server holding the index); the report then reads like any reader.
    if (session != null) {
      try (IndexWrites writes = options.openWrites(config)) {
        writes.recordSession(
            scope,
            new SessionStats(
                session.id,
                session.budgetTokens,
                session.injectedTokens,
                session.compressed,
                session.tokensPerSec));
      }
      out.println("recorded session " + session.id);
    }
    try (RecallEngine engine = options.openReadOnlyWithoutModel(config)) {
      out.println("statistics: " + config.statsFile());
      RecallLogSummary summary = engine.statistics().recallLogSummary(scope);
      out.printf(
          Locale.ROOT,
          "recall log: %d recalls in namespace %s",
          summary.entries(),
          scope.namespace());
      if (summary.entries() > 0) {
        out.printf(
            Locale.ROOT,
            "; avg %.1f items, %.0f/%.0f tokens, %.1f ms",
            summary.avgItems(),
            summary.avgTokensUsed(),
            summary.avgBudgetTokens(),
            summary.avgMillis());
      }
      out.println();
      for (LoggedRecall r : engine.statistics().recallLog(scope, Math.max(1, last))) {
        out.printf(
            Locale.ROOT,
            "  %s  %d/%d tokens  %s  \"%s\" -> %s%n",
            r.recordedAt(),
            r.tokensUsed(),
            r.budgetTokens(),
            r.retrieval(),
            r.query(),
            r.ids().isEmpty() ? "(nothing)" : String.join(", ", r.ids()));
      }
      printBudget(out, config, engine.statistics().budgetAdvice(scope));
    }
    return 0;
  }

  /** The configured budget and the advice, as {@code status} and {@code stats} print them. */
  static void printBudget(PrintWriter out, EngineConfig config, Optional<BudgetAdvice> advice) {
    int budget =
        BudgetSizing.budgetFor(
            config.budget().contextLength() > 0
                ? OptionalInt.of(config.budget().contextLength())
                : OptionalInt.empty(),
            config.budget().share());
    out.printf(
        Locale.ROOT,
        "Memory budget: %.0f%% of context (%d tokens%s)%n",
        config.budget().share() * 100,
        budget,
        config.budget().contextLength() > 0
            ? " of " + config.budget().contextLength()
            : ", context length unknown");
    if (advice.isEmpty()) {
      out.println("Budget advice: statistics are off (stats.enabled: false)");
      return;
    }
    BudgetAdvice a = advice.get();
    if (a.sessions() > 0) {
      out.printf(
          Locale.ROOT,
          "sessions:   %d recorded; avg utilisation %.0f%%, compression in %.0f%%%s%n",
          a.sessions(),
          a.avgUtilisation() * 100,
          a.compressedShare() * 100,
          a.avgTokensPerSec() == null
              ? ""
              : String.format(Locale.ROOT, ", %.1f tokens/s", a.avgTokensPerSec()));
    }
    a.lines().forEach(out::println);
  }
}
