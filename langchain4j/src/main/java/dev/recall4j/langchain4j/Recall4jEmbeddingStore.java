package dev.recall4j.langchain4j;

import static dev.langchain4j.internal.ValidationUtils.ensureConsistentSizes;
import static dev.langchain4j.internal.ValidationUtils.ensureNotBlank;
import static dev.langchain4j.internal.ValidationUtils.ensureNotNull;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.store.embedding.EmbeddingMatch;
import dev.langchain4j.store.embedding.EmbeddingSearchRequest;
import dev.langchain4j.store.embedding.EmbeddingSearchResult;
import dev.langchain4j.store.embedding.EmbeddingStore;
import dev.langchain4j.store.embedding.RelevanceScore;
import dev.langchain4j.store.embedding.filter.Filter;
import dev.recall4j.core.Checks;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.adapter.MetadataTag;
import dev.recall4j.engine.adapter.NamespaceRecords;
import dev.recall4j.engine.adapter.VectorMatch;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.DoublePredicate;
import java.util.function.Predicate;

/**
 * A LangChain4j {@link EmbeddingStore} over one namespace of a {@link RecallEngine}: each embedding
 * is a record (see {@link SegmentRecords} for the mapping), so what an agent stores through
 * LangChain4j is also found by the engine's hybrid recall, lifecycle and budgets ({@link
 * Recall4jContentRetriever}).
 *
 * <p><b>Search</b> is a pure vector search with the caller's embedding: scores are {@link
 * RelevanceScore#fromCosineSimilarity} of the exact cosine between the query and the stored vector
 * (the index keeps the caller's floats beside its quantised copy). A filter the index can run
 * exactly ({@link IndexFilter}) is a kNN pre-filter; any other is evaluated by LangChain4j's own
 * {@link Filter#test} over every active record of the namespace, streamed, so results are exact and
 * memory stays bounded, at a cost linear in the namespace. Only active records are seen: a record
 * the engine forgot, superseded or purged is gone from the store.
 *
 * <p><b>Writes</b> store records exactly as given (the engine's {@code importAll}: no
 * deduplication, an existing id is replaced), one commit per call. The engine's index holds one
 * model's vectors, so embed with the engine's model ({@link Recall4jEmbeddingModel}); vectors of
 * another dimension are refused.
 *
 * <p><b>A store owns its namespace</b>: {@link #removeAll()} purges every record in it, whoever
 * wrote it. Thread-safe, as the engine is.
 */
public final class Recall4jEmbeddingStore implements EmbeddingStore<TextSegment> {
  private final RecallEngine engine;
  private final NamespaceRecords namespace;
  private final SegmentRecords records;
  private final Clock clock;

  private Recall4jEmbeddingStore(Builder builder) {
    this.engine = Checks.notNull(builder.engine, "engine");
    this.namespace = new NamespaceRecords(engine, builder.namespace);
    this.records =
        new SegmentRecords(Scope.of(namespace.namespace()), Checks.notNull(builder.silo, "silo"));
    this.clock = Checks.notNull(builder.clock, "clock");
  }

  /** A store over the engine's namespace {@code default}, records in the RAG silo by default. */
  public static Builder builder(RecallEngine engine) {
    return new Builder(engine);
  }

  /** The namespace this store reads and writes. */
  public String namespace() {
    return namespace.namespace();
  }

  /**
   * The tag a string or UUID metadata entry is stored as: for {@link RecallRequest#tags()} and the
   * retriever's filters, which select records by tag.
   */
  public static String metadataTag(String key, Object value) {
    return MetadataTag.tagOf(key, value);
  }

  @Override
  public String add(Embedding embedding) {
    return add(embedding, null);
  }

  @Override
  public void add(String id, Embedding embedding) {
    addAll(List.of(id), List.of(embedding), null);
  }

  @Override
  public String add(Embedding embedding, TextSegment segment) {
    String id = UUID.randomUUID().toString();
    addAll(List.of(id), List.of(embedding), segment == null ? null : List.of(segment));
    return id;
  }

  @Override
  public List<String> addAll(List<Embedding> embeddings) {
    List<String> ids = generateIds(embeddings.size());
    addAll(ids, embeddings, null);
    return ids;
  }

  /**
   * Stores the embeddings in one commit: all or nothing.
   *
   * @throws IllegalArgumentException naming the id and the metadata key or field of the first bad
   *     entry (nothing is written), or when the list sizes differ
   */
  @Override
  public void addAll(List<String> ids, List<Embedding> embeddings, List<TextSegment> embedded) {
    ensureConsistentSizes(ids, embeddings, embedded);
    if (embeddings == null || embeddings.isEmpty()) {
      return;
    }
    List<MemoryRecord> batch = new ArrayList<>(embeddings.size());
    for (int i = 0; i < embeddings.size(); i++) {
      batch.add(
          records.toRecord(
              ids.get(i),
              ensureNotNull(embeddings.get(i), "embeddings[" + i + "]"),
              embedded == null ? null : embedded.get(i),
              clock.instant()));
    }
    engine.importAll(batch);
  }

  @Override
  public EmbeddingSearchResult<TextSegment> search(EmbeddingSearchRequest request) {
    ensureNotNull(request, "request");
    Embedding query = request.queryEmbedding();
    double minScore = request.minScore();
    DoublePredicate threshold = cosine -> RelevanceScore.fromCosineSimilarity(cosine) >= minScore;
    Optional<IndexFilter> indexed = IndexFilter.of(request.filter());
    List<VectorMatch> matches =
        indexed.isPresent()
            ? namespace.nearest(
                query.vector(), request.maxResults(), indexed.get().indexed(), threshold)
            : namespace.nearest(
                query.vector(), request.maxResults(), accepts(request.filter()), threshold);
    return new EmbeddingSearchResult<>(matches.stream().map(this::match).toList());
  }

  /**
   * Removes the embeddings with these ids for good (the engine's purge), in one commit; ids this
   * store does not hold are skipped.
   */
  @Override
  public void removeAll(Collection<String> ids) {
    if (ids == null || ids.isEmpty()) {
      return;
    }
    namespace.purge(ids.stream().map(id -> ensureNotBlank(id, "id")).toList());
  }

  /** Removes every active record of the namespace that the filter accepts. */
  @Override
  public void removeAll(Filter filter) {
    ensureNotNull(filter, "filter");
    Optional<IndexFilter> indexed = IndexFilter.of(filter);
    if (indexed.isPresent()) {
      namespace.purge(indexed.get().indexed());
    } else {
      namespace.purge(accepts(filter));
    }
  }

  /** Purges every record of the namespace, in any status: the store owns its namespace. */
  @Override
  public void removeAll() {
    namespace.purgeAll();
  }

  /** The records whose segment metadata, field keys at their defaults included, pass a filter. */
  private Predicate<MemoryRecord> accepts(Filter filter) {
    return record -> filter.test(records.filterView(record));
  }

  private EmbeddingMatch<TextSegment> match(VectorMatch match) {
    MemoryRecord record = match.record();
    return new EmbeddingMatch<>(
        RelevanceScore.fromCosineSimilarity(match.cosine()),
        record.id(),
        Embedding.from(record.vector()),
        records.toSegment(record));
  }

  /** Options of a {@link Recall4jEmbeddingStore}. */
  public static final class Builder {
    private final RecallEngine engine;
    private String namespace = Scope.DEFAULT_NAMESPACE;
    private Silo silo = Silo.RAG;
    private Clock clock = Clock.systemUTC();

    private Builder(RecallEngine engine) {
      this.engine = engine;
    }

    /** The namespace the store reads and writes (default {@code default}). */
    public Builder namespace(String namespace) {
      this.namespace = namespace;
      return this;
    }

    /**
     * The silo of segments whose metadata names none (default RAG: segments are usually chunks of
     * documents). Memory and KB records stored here are not deduplicated by content, unlike the
     * engine's {@code save}.
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

    public Recall4jEmbeddingStore build() {
      return new Recall4jEmbeddingStore(this);
    }
  }
}
