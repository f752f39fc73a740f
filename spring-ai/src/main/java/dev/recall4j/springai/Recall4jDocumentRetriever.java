package dev.recall4j.springai;

import dev.recall4j.core.Checks;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.RecallResult;
import dev.recall4j.core.RecalledItem;
import dev.recall4j.core.Scope;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.Teams;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.springframework.ai.document.Document;
import org.springframework.ai.rag.Query;
import org.springframework.ai.rag.retrieval.search.DocumentRetriever;
import org.springframework.ai.vectorstore.filter.Filter;
import org.springframework.ai.vectorstore.filter.FilterExpressionTextParser;

/**
 * A Spring AI {@link DocumentRetriever} backed by the engine's hybrid recall, for {@code
 * RetrievalAugmentationAdvisor}: BM25 and vector search of the query text (the engine embeds it),
 * fused, weighted by recency and trust, pinned records first, packed into a token budget. A RAG
 * advisor thus gets the packed context, not the top-k chunks of a similarity search.
 *
 * <p>Each {@link Document} is one injected record, in the order the engine rendered them. Its text
 * is the record's text as packed (the content, or the summary or cut text that replaced it to fit),
 * so the texts together never take more tokens than the budget; its id is the record id, its score
 * the record's final score. Its metadata holds the record's metadata as the vector store maps it
 * ({@link Recall4jVectorStore}), with {@code silo} and {@code kind} always, and {@code section},
 * {@code truncated} and, for a record from a file, {@code origin} (path), {@code origin_chunk} and
 * {@code origin_line}.
 *
 * <p>A filter expression narrows the recall inside the index, so only those it translates exactly
 * are accepted: {@code ==} on string or boolean metadata and on {@code tags}, {@code ==} and {@code
 * IN} on {@code silo} and {@code kind}, {@code AND} of these, {@code OR} of silo or kind
 * conditions; any other is refused when the retriever is built, naming the operator. Pinned records
 * answer to the scope, silo and kind only: tags narrow what is searched, not the standing context.
 * Thread-safe, as the engine is.
 */
public final class Recall4jDocumentRetriever implements DocumentRetriever {
  private final RecallEngine engine;
  private final Function<Query, Scope> scope;
  private final Teams teams;
  private final IndexConditions conditions;
  private final Integer budgetTokens;

  private Recall4jDocumentRetriever(Builder builder) {
    this.engine = Checks.notNull(builder.engine, "engine");
    this.scope = Checks.notNull(builder.scope, "scope");
    this.teams = Checks.notNull(builder.teams, "teams");
    this.conditions = IndexConditions.require(builder.filter);
    this.budgetTokens = builder.budgetTokens;
  }

  /** A retriever over the engine's namespace {@code default}, its default budget, any record. */
  public static Builder builder(RecallEngine engine) {
    return new Builder(engine);
  }

  /**
   * Recalls for the query's text, in the scope the query maps to.
   *
   * @throws IllegalArgumentException naming the namespace when the query maps to no valid scope
   */
  @Override
  public List<Document> retrieve(Query query) {
    Checks.notNull(query, "query");
    RecallRequest request =
        RecallRequest.builder(query.text())
            .scope(scope.apply(query))
            .silos(conditions.silos())
            .kinds(conditions.kinds())
            .tags(conditions.tags())
            .budgetTokens(budgetTokens)
            .build();
    RecallResult result = engine.recall(request, teams);
    return result.items().stream().map(Recall4jDocumentRetriever::document).toList();
  }

  private static Document document(RecalledItem item) {
    MemoryRecord record = item.record();
    Map<String, Object> metadata = DocumentRecords.view(record);
    metadata.put("section", item.section());
    metadata.put("truncated", item.truncated());
    if (record.origin() != null) {
      metadata.put("origin", record.origin().path());
      metadata.put("origin_chunk", record.origin().chunk());
      metadata.put("origin_line", record.origin().line());
    }
    return Document.builder()
        .id(record.id())
        .text(item.text())
        .metadata(metadata)
        .score(item.score().finalScore())
        .build();
  }

  /** Options of a {@link Recall4jDocumentRetriever}. */
  public static final class Builder {
    private final RecallEngine engine;
    private Function<Query, Scope> scope = query -> Scope.of(Scope.DEFAULT_NAMESPACE);
    private Teams teams = Teams.NONE;
    private Filter.Expression filter;
    private Integer budgetTokens;

    private Builder(RecallEngine engine) {
      this.engine = engine;
    }

    /** A fixed namespace (default {@code default}). */
    public Builder namespace(String namespace) {
      Scope fixed = Scope.of(namespace);
      this.scope = query -> fixed;
      return this;
    }

    /**
     * The scope of each query, e.g. a namespace per user from the query's context (which holds the
     * advisor context, such as the chat memory's conversation id).
     */
    public Builder scopeFromQuery(Function<Query, Scope> scope) {
      this.scope = scope;
      return this;
    }

    /** The teams whose shared namespaces the recall also searches (default none). */
    public Builder teams(Teams teams) {
      this.teams = teams;
      return this;
    }

    /** Only records this filter accepts (default all); see the class comment for which. */
    public Builder filterExpression(Filter.Expression filter) {
      this.filter = filter;
      return this;
    }

    /** {@link #filterExpression(Filter.Expression)} in Spring AI's text syntax, or null. */
    public Builder filterExpression(String filter) {
      this.filter = filter == null ? null : new FilterExpressionTextParser().parse(filter);
      return this;
    }

    /** The token budget the documents are packed into (default: the engine's). */
    public Builder budgetTokens(Integer budgetTokens) {
      this.budgetTokens = budgetTokens;
      return this;
    }

    /**
     * @throws IllegalArgumentException naming the operator of a filter the index cannot run
     */
    public Recall4jDocumentRetriever build() {
      return new Recall4jDocumentRetriever(this);
    }
  }
}
