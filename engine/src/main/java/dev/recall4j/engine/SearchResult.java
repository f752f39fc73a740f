package dev.recall4j.engine;

import dev.recall4j.core.Checks;
import dev.recall4j.core.RetrievalMode;
import dev.recall4j.core.ScoredRecord;
import java.util.List;

/**
 * The answer of {@link RecallEngine#search}: ranked records, nothing packed. The shape a {@code
 * memory_search} tool returns ({@code docs/JSON.md}).
 *
 * @param items the records, best first, each with its score breakdown
 * @param retrieval which paths answered
 */
public record SearchResult(List<ScoredRecord> items, RetrievalMode retrieval) {
  public SearchResult {
    items = List.copyOf(Checks.notNull(items, "items"));
    Checks.notNull(retrieval, "retrieval");
  }
}
