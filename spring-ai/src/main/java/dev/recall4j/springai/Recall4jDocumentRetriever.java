package dev.recall4j.springai;

import dev.recall4j.core.Checks;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallResult;
import dev.recall4j.core.RecalledItem;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.adapter.QueryRecall;
import java.util.List;
import java.util.Map;
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
  private final QueryRecall<Query> recall;

  private Recall4jDocumentRetriever(QueryRecall<Query> recall) {
    this.recall = recall;
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
    RecallResult result = recall.recall(query, query.text());
    return result.items().stream().map(Recall4jDocumentRetriever::document).toList();
  }

  private static Document document(RecalledItem item) {
    MemoryRecord record = item.record();
    Map<String, Object> metadata = DocumentRecords.view(record);
    metadata.putAll(QueryRecall.provenance(item));
    return Document.builder()
        .id(record.id())
        .text(item.text())
        .metadata(metadata)
        .score(item.score().finalScore())
        .build();
  }

  /**
   * Options of a {@link Recall4jDocumentRetriever}; {@link #scopeFromQuery} may map each query to a
   * scope from its context (which holds the advisor context, such as the chat memory's conversation
   * id).
   */
  public static final class Builder extends QueryRecall.Builder<Query, Builder> {
    private Filter.Expression filter;

    private Builder(RecallEngine engine) {
      super(engine);
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

    /**
     * @throws IllegalArgumentException naming the operator of a filter the index cannot run
     */
    public Recall4jDocumentRetriever build() {
      return new Recall4jDocumentRetriever(recall(IndexConditions.require(filter)));
    }
  }
}
