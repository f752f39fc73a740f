package dev.recall4j.langchain4j;

import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.rag.content.Content;
import dev.langchain4j.rag.content.ContentMetadata;
import dev.langchain4j.rag.content.retriever.ContentRetriever;
import dev.langchain4j.rag.query.Query;
import dev.recall4j.core.Checks;
import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallResult;
import dev.recall4j.core.RecalledItem;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Wire;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.adapter.IndexedFilter;
import dev.recall4j.engine.adapter.MetadataTag;
import dev.recall4j.engine.adapter.QueryRecall;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * A LangChain4j {@link ContentRetriever} backed by the engine's hybrid recall: BM25 and vector
 * search of the query text (the engine embeds it), fused, weighted by recency and trust, with
 * pinned records first, packed into a token budget. The caller needs no embedding model.
 *
 * <p>Each {@link Content} is one injected record: its text is the record's content (whole, also
 * when the packer shortened it to fit, which {@code truncated} says), and its metadata holds the
 * segment metadata the record was stored with ({@link Recall4jEmbeddingStore}) plus {@code
 * record_id}, {@code silo}, {@code kind}, {@code score}, {@code section}, {@code truncated} and,
 * when the record came from a file, {@code origin} (path), {@code origin_chunk} and {@code
 * origin_line}; {@link ContentMetadata#SCORE} and {@link ContentMetadata#EMBEDDING_ID} are set too.
 * Contents come pinned first, then by final score; records added to the store without a segment are
 * left out (they have no text).
 *
 * <p>The scope may follow the query: {@link Builder#scopeFromQuery} with {@link
 * #chatMemoryNamespace(String)} recalls in a namespace per chat memory id (one user's memories).
 */
public final class Recall4jContentRetriever implements ContentRetriever {
  private final QueryRecall<Query> recall;
  private final int maxResults;

  private Recall4jContentRetriever(QueryRecall<Query> recall, int maxResults) {
    Checks.require(maxResults >= 1, "maxResults", "must be >= 1, got %d", maxResults);
    this.recall = recall;
    this.maxResults = maxResults;
  }

  /** A retriever over the engine's namespace {@code default}, its default budget, any silo. */
  public static Builder builder(RecallEngine engine) {
    return new Builder(engine);
  }

  /**
   * A scope per chat memory: the query's chat memory id as the namespace (prefixed), or {@code
   * fallback} when the query has none. A chat memory id that is no valid namespace is an error
   * naming it.
   *
   * @param prefix put before the id, e.g. {@code "user:"}; may be empty
   */
  public static Function<Query, Scope> chatMemoryNamespace(String prefix, String fallback) {
    Checks.notNull(prefix, "prefix");
    Scope fallbackScope = Scope.of(fallback);
    return query -> {
      Object id = query.metadata() == null ? null : query.metadata().chatMemoryId();
      return id == null ? fallbackScope : Scope.of(prefix + id);
    };
  }

  /** Recalls for the query's text, in the scope the query maps to. */
  @Override
  public List<Content> retrieve(Query query) {
    Checks.notNull(query, "query");
    RecallResult result = recall.recall(query, query.text());
    return result.items().stream()
        .filter(item -> !item.record().tags().contains(SegmentRecords.VECTOR_ONLY))
        .sorted(
            Comparator.comparing((RecalledItem item) -> item.score().tierPriority() != 0)
                .thenComparing(item -> -item.score().finalScore()))
        .limit(maxResults)
        .map(Recall4jContentRetriever::content)
        .toList();
  }

  private static Content content(RecalledItem item) {
    MemoryRecord record = item.record();
    Map<String, Object> entries = new LinkedHashMap<>();
    for (String tag : record.tags()) {
      MetadataTag.decode(tag).ifPresent(entry -> entries.put(entry.key(), entry.value()));
    }
    entries.put("record_id", record.id());
    entries.put("silo", Wire.name(record.silo()));
    entries.put("kind", record.kind().name());
    entries.put("score", item.score().finalScore());
    if (record.title() != null) {
      entries.put("title", record.title());
    }
    entries.putAll(QueryRecall.provenance(item));
    return Content.from(
        TextSegment.from(record.content(), SegmentRecords.metadata(entries)),
        Map.of(
            ContentMetadata.SCORE, item.score().finalScore(),
            ContentMetadata.EMBEDDING_ID, record.id()));
  }

  /**
   * Options of a {@link Recall4jContentRetriever}; {@link #scopeFromQuery} may map each query to a
   * scope, e.g. {@link #chatMemoryNamespace(String, String)}.
   */
  public static final class Builder extends QueryRecall.Builder<Query, Builder> {
    private Set<Silo> silos = Set.of();
    private Set<Kind> kinds = Set.of();
    private Set<String> tags = Set.of();
    private int maxResults = Integer.MAX_VALUE;

    private Builder(RecallEngine engine) {
      super(engine);
    }

    /** Only these silos (default all). */
    public Builder silos(Set<Silo> silos) {
      this.silos = silos;
      return this;
    }

    /** Only these kinds (default all). */
    public Builder kinds(Set<Kind> kinds) {
      this.kinds = kinds;
      return this;
    }

    /**
     * Only records carrying one of these tags (default any); {@link
     * Recall4jEmbeddingStore#metadataTag} names the tag of a metadata entry.
     */
    public Builder tags(Set<String> tags) {
      this.tags = tags;
      return this;
    }

    /** At most this many contents, the best first (default: as many as the budget holds). */
    public Builder maxResults(int maxResults) {
      this.maxResults = maxResults;
      return this;
    }

    public Recall4jContentRetriever build() {
      return new Recall4jContentRetriever(
          recall(new IndexedFilter(tags, silos, kinds)), maxResults);
    }
  }
}
