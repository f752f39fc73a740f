package dev.recall4j.engine.adapter;

import dev.recall4j.core.Checks;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.RecallResult;
import dev.recall4j.core.RecalledItem;
import dev.recall4j.core.Scope;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.Teams;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * The recall a framework's retriever runs for each query: the engine's hybrid recall of the query
 * text in the scope the query maps to, narrowed inside the index by an {@link IndexedFilter},
 * packed into a token budget, also searching the shared namespaces of some teams. A retriever's
 * builder extends {@link Builder}, which holds the options every retriever takes. Immutable and
 * thread-safe, as the engine is.
 *
 * @param <Q> the framework's query type
 */
public final class QueryRecall<Q> {
  private final RecallEngine engine;
  private final Function<Q, Scope> scope;
  private final Teams teams;
  private final IndexedFilter filter;
  private final Integer budgetTokens;

  private QueryRecall(Builder<Q, ?> options, IndexedFilter filter) {
    this.engine = Checks.notNull(options.engine, "engine");
    this.scope = Checks.notNull(options.scope, "scope");
    this.teams = Checks.notNull(options.teams, "teams");
    this.filter = Checks.notNull(filter, "filter");
    this.budgetTokens = options.budgetTokens;
  }

  /**
   * Recalls for the text, in the scope the query maps to.
   *
   * @throws IllegalArgumentException naming the namespace when the query maps to no valid scope
   */
  public RecallResult recall(Q query, String text) {
    RecallRequest request =
        RecallRequest.builder(text)
            .scope(scope.apply(query))
            .silos(filter.silos())
            .kinds(filter.kinds())
            .tags(filter.tags())
            .budgetTokens(budgetTokens)
            .build();
    return engine.recall(request, teams);
  }

  /**
   * Where a recalled text comes from, beside its record's own metadata: {@code section} (of the
   * engine's rendered block), {@code truncated} (whether the packer shortened the text to fit) and,
   * for a record from a file, {@code origin} (the path), {@code origin_chunk} and {@code
   * origin_line}.
   */
  public static Map<String, Object> provenance(RecalledItem item) {
    Map<String, Object> entries = new LinkedHashMap<>();
    entries.put("section", item.section());
    entries.put("truncated", item.truncated());
    MemoryRecord record = item.record();
    if (record.origin() != null) {
      entries.put("origin", record.origin().path());
      entries.put("origin_chunk", record.origin().chunk());
      entries.put("origin_line", record.origin().line());
    }
    return entries;
  }

  /**
   * The options every retriever takes.
   *
   * @param <Q> the framework's query type
   * @param <B> the retriever's builder, which the setters return
   */
  public abstract static class Builder<Q, B extends Builder<Q, B>> {
    private final RecallEngine engine;
    private Function<Q, Scope> scope = query -> Scope.of(Scope.DEFAULT_NAMESPACE);
    private Teams teams = Teams.NONE;
    private Integer budgetTokens;

    protected Builder(RecallEngine engine) {
      this.engine = engine;
    }

    /** A fixed namespace (default {@code default}). */
    public B namespace(String namespace) {
      Scope fixed = Scope.of(namespace);
      this.scope = query -> fixed;
      return self();
    }

    /** The scope of each query, e.g. a namespace per user from what the query carries. */
    public B scopeFromQuery(Function<Q, Scope> scope) {
      this.scope = scope;
      return self();
    }

    /** The teams whose shared namespaces the recall also searches (default none). */
    public B teams(Teams teams) {
      this.teams = teams;
      return self();
    }

    /** The token budget the recalled texts are packed into (default: the engine's). */
    public B budgetTokens(Integer budgetTokens) {
      this.budgetTokens = budgetTokens;
      return self();
    }

    /**
     * The recall these options describe, narrowed by the filter.
     *
     * @throws IllegalArgumentException naming the option that is null
     */
    protected QueryRecall<Q> recall(IndexedFilter filter) {
      return new QueryRecall<>(this, filter);
    }

    @SuppressWarnings("unchecked") // B is the subclass, by the type parameter's contract
    private B self() {
      return (B) this;
    }
  }
}
