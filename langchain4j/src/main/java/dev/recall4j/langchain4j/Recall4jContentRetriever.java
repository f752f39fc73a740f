package dev.recall4j.langchain4j;

import dev.langchain4j.data.document.Metadata;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.rag.content.Content;
import dev.langchain4j.rag.content.ContentMetadata;
import dev.langchain4j.rag.content.retriever.ContentRetriever;
import dev.langchain4j.rag.query.Query;
import dev.recall4j.core.Checks;
import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.RecallResult;
import dev.recall4j.core.RecalledItem;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Wire;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.Teams;
import java.util.Comparator;
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
  private final RecallEngine engine;
  private final Function<Query, Scope> scope;
  private final Teams teams;
  private final Set<Silo> silos;
  private final Set<Kind> kinds;
  private final Set<String> tags;
  private final Integer budgetTokens;
  private final int maxResults;

  private Recall4jContentRetriever(Builder builder) {
    this.engine = Checks.notNull(builder.engine, "engine");
    this.scope = Checks.notNull(builder.scope, "scope");
    this.teams = Checks.notNull(builder.teams, "teams");
    this.silos = Set.copyOf(builder.silos);
    this.kinds = Set.copyOf(builder.kinds);
    this.tags = Set.copyOf(builder.tags);
    this.budgetTokens = builder.budgetTokens;
    Checks.require(
        builder.maxResults >= 1, "maxResults", "must be >= 1, got %d", builder.maxResults);
    this.maxResults = builder.maxResults;
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
    RecallRequest request =
        RecallRequest.builder(query.text())
            .scope(scope.apply(query))
            .silos(silos)
            .kinds(kinds)
            .tags(tags)
            .budgetTokens(budgetTokens)
            .build();
    RecallResult result = engine.recall(request, teams);
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
    Metadata metadata = new Metadata();
    for (String tag : record.tags()) {
      MetadataTag.decode(tag).ifPresent(m -> metadata.putAll(Map.of(m.key(), m.value())));
    }
    metadata.put("record_id", record.id());
    metadata.put("silo", Wire.name(record.silo()));
    metadata.put("kind", record.kind().name());
    metadata.put("score", item.score().finalScore());
    metadata.put("section", item.section());
    metadata.put("truncated", Boolean.toString(item.truncated()));
    if (record.title() != null) {
      metadata.put("title", record.title());
    }
    if (record.origin() != null) {
      metadata.put("origin", record.origin().path());
      metadata.put("origin_chunk", record.origin().chunk());
      metadata.put("origin_line", record.origin().line());
    }
    return Content.from(
        TextSegment.from(record.content(), metadata),
        Map.of(
            ContentMetadata.SCORE, item.score().finalScore(),
            ContentMetadata.EMBEDDING_ID, record.id()));
  }

  /** Options of a {@link Recall4jContentRetriever}. */
  public static final class Builder {
    private final RecallEngine engine;
    private Function<Query, Scope> scope = query -> Scope.of(Scope.DEFAULT_NAMESPACE);
    private Teams teams = Teams.NONE;
    private Set<Silo> silos = Set.of();
    private Set<Kind> kinds = Set.of();
    private Set<String> tags = Set.of();
    private Integer budgetTokens;
    private int maxResults = Integer.MAX_VALUE;

    private Builder(RecallEngine engine) {
      this.engine = engine;
    }

    /** A fixed namespace (default {@code default}). */
    public Builder namespace(String namespace) {
      Scope fixed = Scope.of(namespace);
      this.scope = query -> fixed;
      return this;
    }

    /** The scope of each query, e.g. {@link #chatMemoryNamespace(String, String)}. */
    public Builder scopeFromQuery(Function<Query, Scope> scope) {
      this.scope = scope;
      return this;
    }

    /** The teams whose shared namespaces the recall also searches (default none). */
    public Builder teams(Teams teams) {
      this.teams = teams;
      return this;
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

    /** The token budget the contents are packed into (default: the engine's). */
    public Builder budgetTokens(Integer budgetTokens) {
      this.budgetTokens = budgetTokens;
      return this;
    }

    /** At most this many contents, the best first (default: as many as the budget holds). */
    public Builder maxResults(int maxResults) {
      this.maxResults = maxResults;
      return this;
    }

    public Recall4jContentRetriever build() {
      return new Recall4jContentRetriever(this);
    }
  }
}
