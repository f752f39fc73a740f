package dev.recall4j.cli;

import dev.recall4j.core.Kind;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.engine.TimeBound;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import picocli.CommandLine.Option;

/**
 * The filters {@code recall}, {@code search} and {@code list} share, applied to a {@link
 * RecallRequest}; the namespace and project come from {@link EngineOptions}.
 */
final class FilterOptions {
  @Option(
      names = "--silo",
      paramLabel = "SILO",
      description = "Only this silo: memory, rag or kb; repeatable.")
  List<String> silos = new ArrayList<>();

  @Option(
      names = "--kind",
      paramLabel = "KIND",
      description = "Only this kind, e.g. tool_use; repeatable.")
  List<String> kinds = new ArrayList<>();

  @Option(
      names = "--tag",
      paramLabel = "TAG",
      description = "Only records carrying this tag; repeatable, all must match.")
  List<String> tags = new ArrayList<>();

  @Option(names = "--task", paramLabel = "NAME", description = "Task scope.")
  String task;

  @Option(
      names = "--session",
      paramLabel = "ID",
      description =
          "The current session: its records and those without a session (default: none of a"
              + " session's records).")
  String session;

  @Option(
      names = "--include-sessions",
      description = "Also every session's records, not only --session's.")
  boolean includeSessions;

  @Option(
      names = "--since",
      paramLabel = "WHEN",
      description =
          "Only records created at or after WHEN: 2026-11-01, an ISO instant, or 7d, 12h.")
  String since;

  @Option(
      names = "--until",
      paramLabel = "WHEN",
      description = "Only records created before WHEN (same forms as --since).")
  String until;

  @Option(names = "--include-archived", description = "Also archived records.")
  boolean includeArchived;

  @Option(
      names = "--all-projects",
      description =
          "Every project of the namespace (default: --project's records and those without a"
              + " project; without --project, only those without one).")
  boolean allProjects;

  /**
   * How long a command waits for the query vector. A command line is one shot: the configured
   * deadline ({@code recall.deadline}, 200 ms) is for an agent's turn against a warm engine, and a
   * cold process would spend it loading the model and answer lexically. The wait is spent usefully:
   * the pinned records and the lexical path are searched while the model loads (issue 18, item 9).
   */
  static final Duration ONE_SHOT_DEADLINE = Duration.ofSeconds(60);

  /** A request builder for {@code query} in {@code base}'s namespace and project, filtered. */
  RecallRequest.Builder request(String query, Scope base) {
    Instant now = Instant.now();
    return RecallRequest.builder(query)
        .deadline(ONE_SHOT_DEADLINE)
        .scope(new Scope(base.namespace(), base.project(), task, session))
        .silos(silos.stream().map(s -> Silo.parse("--silo", s)).collect(Collectors.toSet()))
        .kinds(kinds.stream().map(k -> Kind.parse("--kind", k)).collect(Collectors.toSet()))
        .tags(Set.copyOf(new LinkedHashSet<>(tags)))
        .since(since == null ? null : TimeBound.parse("--since", since, now))
        .until(until == null ? null : TimeBound.parse("--until", until, now))
        .includeArchived(includeArchived)
        .allProjects(allProjects)
        .includeSessions(includeSessions);
  }
}
