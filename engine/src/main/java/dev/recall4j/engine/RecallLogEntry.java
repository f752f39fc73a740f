package dev.recall4j.engine;

import dev.recall4j.core.RecallResult;
import dev.recall4j.core.RecalledItem;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Stage;
import java.time.Instant;
import java.util.List;

/**
 * One recall to log: what was asked, in which scope, what it injected, and when. It keeps only the
 * figures the log stores, not the {@link RecallResult}: entries wait up to {@link AccessLog#HOLD}
 * for their commit, and a thousand held results (records, vectors, the rendered block) would be
 * megabytes of heap.
 *
 * @param items the injected records in order: id, final score (NaN for a pinned record), tokens
 * @param retrieval the retrieval mode as reports print it
 * @param totalMillis the recall's own time
 */
record RecallLogEntry(
    Scope scope,
    String query,
    List<Item> items,
    int tokensUsed,
    int budgetTokens,
    String retrieval,
    double totalMillis,
    Instant when) {

  /** One injected record of a logged recall. */
  record Item(String id, double score, int tokens) {}

  static RecallLogEntry of(Scope scope, String query, RecallResult result, Instant when) {
    List<Item> items =
        result.items().stream()
            .map((RecalledItem i) -> new Item(i.record().id(), i.score().finalScore(), i.tokens()))
            .toList();
    return new RecallLogEntry(
        scope,
        query,
        items,
        result.tokensUsed(),
        result.budgetTokens(),
        result.retrieval().describe(),
        result.timingsMillis().getOrDefault(Stage.TOTAL, 0.0),
        when);
  }
}
