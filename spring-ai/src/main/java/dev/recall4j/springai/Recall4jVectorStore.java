package dev.recall4j.springai;

import dev.recall4j.core.Checks;
import dev.recall4j.core.Embedder;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.Teams;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.PriorityQueue;
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

  /** Extra candidates asked of HNSW per wanted result, then re-scored exactly. */
  private static final int CANDIDATE_FACTOR = 2;

  /** Records purged per commit when deleting by an index filter. */
  private static final int DELETE_PAGE = 1_000;

  private final RecallEngine engine;
  private final Embedder embedder;
  private final Scope scope;
  private final DocumentRecords records;
  private final IndexSearch index;
  private final Clock clock;

  private Recall4jVectorStore(Builder builder) {
    super(builder);
    this.engine = builder.engine;
    this.embedder = builder.embedder;
    this.scope = Scope.of(builder.namespace);
    this.records = new DocumentRecords(scope.namespace(), Checks.notNull(builder.silo, "silo"));
    this.index = new IndexSearch(engine, scope);
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
    return scope.namespace();
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
    List<String> held =
        ids.stream()
            .filter(id -> id != null && !id.isBlank() && engine.get(scope, id).isPresent())
            .toList();
    if (!held.isEmpty()) {
      engine.purgeAll(scope, held);
    }
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
      List<MemoryRecord> page;
      do {
        page = index.matching(indexed.get(), DELETE_PAGE);
        if (!page.isEmpty()) {
          engine.purgeAll(scope, page.stream().map(MemoryRecord::id).toList());
        }
      } while (page.size() == DELETE_PAGE);
      return;
    }
    List<String> ids = new ArrayList<>();
    engine.export(
        scope,
        Teams.NONE,
        record -> {
          if (record.isRecallable() && filter.test(DocumentRecords.view(record))) {
            ids.add(record.id());
          }
        });
    doDelete(ids);
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
    BestMatches matches = new BestMatches(request.getTopK(), request.getSimilarityThreshold());
    Optional<IndexConditions> indexed = IndexConditions.of(expression);
    if (indexed.isPresent()) {
      int candidates =
          (int) Math.min(RecallRequest.MAX_TOP_K, (long) request.getTopK() * CANDIDATE_FACTOR);
      for (MemoryRecord record : index.nearest(indexed.get(), query, candidates)) {
        matches.add(record, similarity(query, record));
      }
    } else {
      engine.export(
          scope,
          Teams.NONE,
          record -> {
            if (record.isRecallable()
                && record.vector() != null
                && filter.test(DocumentRecords.view(record))) {
              matches.add(record, similarity(query, record));
            }
          });
    }
    return matches.inOrder().stream()
        .map(match -> document(match.record(), match.score()))
        .toList();
  }

  private Document document(MemoryRecord record, double score) {
    var metadata = records.metadata(record);
    metadata.put(DocumentMetadata.DISTANCE.value(), 1.0 - score);
    return Document.builder()
        .id(record.id())
        .text(record.content())
        .metadata(metadata)
        .score(score)
        .build();
  }

  /** The best cosine similarity between the query and the record's vectors (its passages too). */
  private static double similarity(float[] query, MemoryRecord record) {
    double best = -1;
    for (float[] vector : record.vectors()) {
      double dot = 0;
      double squares = 0;
      double querySquares = 0;
      for (int i = 0; i < query.length; i++) {
        dot += query[i] * vector[i];
        squares += vector[i] * vector[i];
        querySquares += query[i] * query[i];
      }
      best = Math.max(best, dot / Math.sqrt(squares * querySquares));
    }
    return best;
  }

  @Override
  public VectorStoreObservationContext.Builder createObservationContextBuilder(String operation) {
    return VectorStoreObservationContext.builder(SYSTEM, operation)
        .collectionName(scope.namespace())
        .dimensions(embedder.dimension())
        .similarityMetric(VectorStoreSimilarityMetric.COSINE.value());
  }

  /** The engine; for {@code getNativeClient()}, typed {@code Optional<RecallEngine>}. */
  @Override
  @SuppressWarnings("unchecked")
  public <T> Optional<T> getNativeClient() {
    return Optional.of((T) engine);
  }

  private record Match(MemoryRecord record, double score) {}

  /** The {@code wanted} best matches at or above a threshold (0: any), kept as they come. */
  private static final class BestMatches {
    private static final Comparator<Match> BEST_FIRST =
        Comparator.comparingDouble(Match::score)
            .reversed()
            .thenComparing(match -> match.record().id());

    private final int wanted;
    private final double threshold;

    /** The worst kept match at the head. */
    private final PriorityQueue<Match> kept = new PriorityQueue<>(BEST_FIRST.reversed());

    BestMatches(int wanted, double threshold) {
      this.wanted = wanted;
      this.threshold = threshold;
    }

    void add(MemoryRecord record, double score) {
      if (threshold == SearchRequest.SIMILARITY_THRESHOLD_ACCEPT_ALL || score >= threshold) {
        kept.add(new Match(record, score));
        if (kept.size() > wanted) {
          kept.poll();
        }
      }
    }

    List<Match> inOrder() {
      return kept.stream().sorted(BEST_FIRST).toList();
    }
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
