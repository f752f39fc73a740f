package dev.recall4j.springai;

import dev.recall4j.core.Checks;
import dev.recall4j.core.Embedder;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.adapter.NamespaceRecords;
import dev.recall4j.engine.adapter.VectorMatch;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.DoublePredicate;
import org.springframework.ai.document.Document;
import org.springframework.ai.document.DocumentMetadata;
import org.springframework.ai.observation.conventions.VectorStoreSimilarityMetric;
import org.springframework.ai.vectorstore.AbstractVectorStoreBuilder;
import org.springframework.ai.vectorstore.SearchRequest;
import org.springframework.ai.vectorstore.VectorStore;
import org.springframework.ai.vectorstore.filter.Filter;
import org.springframework.ai.vectorstore.observation.AbstractObservationVectorStore;
import org.springframework.ai.vectorstore.observation.VectorStoreObservationContext;

/**
 * A Spring AI {@link VectorStore} over one namespace of a {@link RecallEngine}: each document is a
 * record ({@link DocumentRecords} has the mapping), so what an application stores through Spring AI
 * is also found by the engine's hybrid recall, lifecycle and budgets ({@link
 * Recall4jDocumentRetriever}).
 *
 * <p><b>Writes</b> store documents exactly as given (the engine's {@code importAll}: no
 * deduplication by content, an existing id is replaced), embedded by the engine's own model, one
 * commit per call, all or nothing: a bad document is refused naming its id and metadata key.
 *
 * <p><b>Search</b> is a pure vector search: the query text is embedded by the engine's model and
 * each document scores the exact cosine similarity between the query vector and its stored vectors
 * (the index keeps the floats beside its quantised copy), as Spring AI's {@code SimpleVectorStore}
 * scores; the metadata also holds {@code distance} (1 − score). A similarity threshold of 0 accepts
 * every document. A filter the index runs exactly ({@link IndexConditions}) is the kNN pre-filter;
 * any other filter is evaluated ({@link DocumentFilter}) over every active record of the namespace,
 * streamed with a bounded top-k, so results are exact at a cost linear in the namespace. Only
 * active records are seen: one the engine forgot or superseded is gone from the store.
 *
 * <p><b>A store owns its namespace</b>: deleting by filter purges any matching record in it,
 * whoever wrote it. Deletes are purges (gone for good). Thread-safe, as the engine is; spans and
 * metrics are Spring AI's vector store observations.
 */
public final class Recall4jVectorStore extends AbstractObservationVectorStore {
  /** The database system named in observations. */
  public static final String SYSTEM = "recall4j";

  private final RecallEngine engine;
  private final Embedder embedder;
  private final NamespaceRecords namespace;
  private final DocumentRecords records;
  private final Clock clock;

  private Recall4jVectorStore(Builder builder) {
    super(builder);
    this.engine = builder.engine;
    this.embedder = builder.embedder;
    this.namespace = new NamespaceRecords(engine, builder.namespace);
    this.records = new DocumentRecords(namespace.namespace(), Checks.notNull(builder.silo, "silo"));
    this.clock = Checks.notNull(builder.clock, "clock");
  }

  /**
   * A store over the engine's namespace {@code default}, documents in the RAG silo unless their
   * metadata names one.
   *
   * @throws IllegalArgumentException when the engine has no embedder ({@code embedder.provider:
   *     none}): a vector store embeds its documents and queries
   */
  public static Builder builder(RecallEngine engine) {
    return new Builder(engine);
  }

  /** The namespace this store reads and writes. */
  public String namespace() {
    return namespace.namespace();
  }

  /**
   * The tag a string or boolean metadata entry is stored as: for {@link RecallRequest#tags()},
   * which selects records by tag.
   *
   * @throws IllegalArgumentException naming the key when the entry cannot be stored
   */
  public static String metadataTag(String key, Object value) {
    return DocumentRecords.tag(key, value);
  }

  @Override
  public void doAdd(List<Document> documents) {
    Checks.notNull(documents, "documents");
    List<MemoryRecord> batch = new ArrayList<>(documents.size());
    for (Document document : documents) {
      batch.add(records.toRecord(Checks.notNull(document, "document"), clock.instant()));
    }
    if (!batch.isEmpty()) {
      engine.importAll(batch);
    }
  }

  /**
   * Purges the documents with these ids, in one commit; ids this store does not hold are skipped.
   */
  @Override
  public void doDelete(List<String> ids) {
    Checks.notNull(ids, "ids");
    namespace.purge(ids.stream().filter(id -> id != null && !id.isBlank()).toList());
  }

  /**
   * Purges every active document of the namespace that the filter accepts.
   *
   * @throws IllegalArgumentException naming the operator of a filter {@link DocumentFilter} refuses
   */
  @Override
  protected void doDelete(Filter.Expression expression) {
    DocumentFilter filter = DocumentFilter.of(Checks.notNull(expression, "filterExpression"));
    Optional<IndexConditions> indexed = IndexConditions.of(expression);
    if (indexed.isPresent()) {
      namespace.purge(indexed.get().indexed());
    } else {
      namespace.purge(record -> filter.test(DocumentRecords.view(record)));
    }
  }

  /**
   * The {@code topK} documents most similar to the request's query, at or above its similarity
   * threshold, best first (ties by id).
   *
   * @throws IllegalArgumentException naming the operator of a filter {@link DocumentFilter} refuses
   */
  @Override
  public List<Document> doSimilaritySearch(SearchRequest request) {
    Checks.notNull(request, "request");
    Filter.Expression expression = request.getFilterExpression();
    DocumentFilter filter = expression == null ? null : DocumentFilter.of(expression);
    if (request.getTopK() == 0) {
      return List.of();
    }
    float[] query = embedder.embedQuery(request.getQuery());
    double threshold = request.getSimilarityThreshold();
    DoublePredicate accepted =
        cosine -> threshold == SearchRequest.SIMILARITY_THRESHOLD_ACCEPT_ALL || cosine >= threshold;
    Optional<IndexConditions> indexed = IndexConditions.of(expression);
    List<VectorMatch> matches =
        indexed.isPresent()
            ? namespace.nearest(query, request.getTopK(), indexed.get().indexed(), accepted)
            : namespace.nearest(
                query,
                request.getTopK(),
                record -> filter.test(DocumentRecords.view(record)),
                accepted);
    return matches.stream().map(this::document).toList();
  }

  private Document document(VectorMatch match) {
    MemoryRecord record = match.record();
    var metadata = records.metadata(record);
    metadata.put(DocumentMetadata.DISTANCE.value(), 1.0 - match.cosine());
    return Document.builder()
        .id(record.id())
        .text(record.content())
        .metadata(metadata)
        .score(match.cosine())
        .build();
  }

  @Override
  public VectorStoreObservationContext.Builder createObservationContextBuilder(String operation) {
    return VectorStoreObservationContext.builder(SYSTEM, operation)
        .collectionName(namespace.namespace())
        .dimensions(embedder.dimension())
        .similarityMetric(VectorStoreSimilarityMetric.COSINE.value());
  }

  /** The engine; for {@code getNativeClient()}, typed {@code Optional<RecallEngine>}. */
  @Override
  @SuppressWarnings("unchecked")
  public <T> Optional<T> getNativeClient() {
    return Optional.of((T) engine);
  }

  /**
   * Options of a {@link Recall4jVectorStore}; also Spring AI's observation registry, convention and
   * batching strategy (the engine embeds in its own batches, so the strategy is not used).
   */
  public static final class Builder extends AbstractVectorStoreBuilder<Builder> {
    private final RecallEngine engine;
    private final Embedder embedder;
    private String namespace = Scope.DEFAULT_NAMESPACE;
    private Silo silo = Silo.RAG;
    private Clock clock = Clock.systemUTC();

    private Builder(RecallEngine engine) {
      this(Checks.notNull(engine, "engine"), embedderOf(engine));
    }

    private Builder(RecallEngine engine, Embedder embedder) {
      super(new Recall4jEmbeddingModel(embedder));
      this.engine = engine;
      this.embedder = embedder;
    }

    private static Embedder embedderOf(RecallEngine engine) {
      return engine
          .embedder()
          .orElseThrow(
              () ->
                  new IllegalArgumentException(
                      "engine: has no embedder (embedder.provider: none); a vector store embeds"
                          + " its documents and queries: configure onnx or ollama"));
    }

    /** The namespace the store reads and writes (default {@code default}). */
    public Builder namespace(String namespace) {
      this.namespace = namespace;
      return this;
    }

    /**
     * The silo of documents whose metadata names none (default RAG: documents are usually chunks).
     * Memory and KB records stored here are not deduplicated by content, unlike the engine's {@code
     * save}.
     */
    public Builder silo(Silo silo) {
      this.silo = silo;
      return this;
    }

    /** The clock stamping new records' times (default the system clock). */
    public Builder clock(Clock clock) {
      this.clock = clock;
      return this;
    }

    @Override
    public Recall4jVectorStore build() {
      return new Recall4jVectorStore(this);
    }
  }
}
