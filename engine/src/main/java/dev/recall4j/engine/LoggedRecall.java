package dev.recall4j.engine;

import dev.recall4j.core.Checks;
import dev.recall4j.core.Scope;
import java.time.Instant;
import java.util.List;

/**
 * One entry of the recall log ({@code recall_log} in {@code recall4j.db}).
 *
 * @param recordedAt when the recall ran (millisecond precision)
 * @param scope the request's scope
 * @param query the query text
 * @param ids the injected record ids in rendered order
 * @param scores each injected record's final score, in the order of {@code ids}; null for pinned
 *     records (injected regardless of score)
 * @param tokensUsed tokens of the rendered context
 * @param budgetTokens the budget it was packed into
 * @param retrieval which paths answered
 * @param totalMillis end-to-end wall time in milliseconds
 */
public record LoggedRecall(
    Instant recordedAt,
    Scope scope,
    String query,
    List<String> ids,
    List<Double> scores,
    int tokensUsed,
    int budgetTokens,
    String retrieval,
    double totalMillis) {
  public LoggedRecall {
    Checks.notNull(recordedAt, "recordedAt");
    Checks.notNull(scope, "scope");
    Checks.notNull(query, "query");
    ids = List.copyOf(ids);
    scores = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(scores));
    Checks.require(
        ids.size() == scores.size(),
        "scores",
        "must have one score per id (%d), got %d",
        ids.size(),
        scores.size());
  }
}
