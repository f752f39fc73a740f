package dev.recall4j.engine;

import dev.recall4j.budget.Packer;
import dev.recall4j.core.Checks;
import dev.recall4j.core.DroppedItem;
import dev.recall4j.core.InvalidFieldException;
import dev.recall4j.core.PackedContext;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.RecallResult;
import dev.recall4j.core.RetrievalMode;
import dev.recall4j.core.ScoredRecord;
import dev.recall4j.core.Stage;
import dev.recall4j.embeddings.QueryEmbedding;
import dev.recall4j.ranking.Ranker;
import dev.recall4j.ranking.RankingResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * One recall, timed stage by stage: the pinned records and the candidates of both paths ({@link
 * Retriever}), fused, weighted and deduplicated ({@link Ranker}), links followed when the request
 * asks ({@link LinkExpansion}), each hit's source context attached ({@link SourceContexts}), then
 * packed into the token budget ({@link Packer}).
 */
final class RecallPipeline {
  private final Retriever retriever;
  private final Ranker ranker;
  private final LinkExpansion links;
  private final SourceContexts sourceContexts;
  private final Packer packer;
  // The packers of renderers requests name other than the configured one (a handful at most).
  private final Function<String, Packer> packerByRenderer;
  private final Map<String, Packer> otherPackers = new ConcurrentHashMap<>();

  /** Tokens of a recall that names no budget. */
  private final int defaultBudget;

  RecallPipeline(
      Retriever retriever,
      Ranker ranker,
      LinkExpansion links,
      SourceContexts sourceContexts,
      Packer packer,
      Function<String, Packer> packerByRenderer,
      int defaultBudget) {
    this.retriever = retriever;
    this.ranker = ranker;
    this.links = links;
    this.sourceContexts = sourceContexts;
    this.packer = packer;
    this.packerByRenderer = packerByRenderer;
    this.defaultBudget = defaultBudget;
  }

  int defaultBudget() {
    return defaultBudget;
  }

  RecallResult recall(RecallRequest request, Teams teams) {
    Packer packer = packerFor(request.render());
    long start = System.nanoTime();
    Map<Stage, Double> timings = new LinkedHashMap<>();
    Stopwatch watch = new Stopwatch(timings);
    // The model embeds the query while the pinned records are looked up (on a cluster, a request).
    QueryEmbedding.Pending embedding = request.query().isEmpty() ? null : retriever.embed(request);
    List<ScoredRecord> pinned = retriever.pinned(request, teams);
    watch.lap(Stage.PINNED);

    List<ScoredRecord> ranked = List.of();
    List<DroppedItem> dropped = List.of();
    RetrievalMode retrieval = RetrievalMode.PINNED_ONLY;
    if (!request.query().isEmpty()) {
      Retrieval candidates = retriever.retrieve(request, teams, start, false, embedding);
      timings.putAll(candidates.timingsMillis());
      retrieval = candidates.retrieval();
      watch.restart();
      RankingResult ranking = rank(candidates);
      ranked = ranking.ranked();
      dropped = ranking.dropped();
      watch.lap(Stage.RANK);
      if (links.enabled(request)) {
        ranked = links.expand(request, teams, ranked, false);
        watch.lap(Stage.LINKS);
      }
    }

    int budget = request.budgetTokens() != null ? request.budgetTokens() : defaultBudget;
    PackedContext packed =
        packer.pack(sourceContexts.apply(pinned), sourceContexts.apply(ranked), budget);
    watch.lap(Stage.PACK);
    timings.put(Stage.TOTAL, (System.nanoTime() - start) / 1e6);

    List<String> warnings =
        retrieval.kind() == RetrievalMode.Kind.LEXICAL_EMBEDDER_ERROR
            ? List.of(retrieval.describe())
            : List.of();
    return new RecallResult(packed.withEarlier(dropped, warnings), retrieval, timings);
  }

  /** The configured packer, or one rendering as the request asks (checked before any search). */
  private Packer packerFor(String render) {
    if (render == null) {
      return packer;
    }
    String name = render.toLowerCase(Locale.ROOT);
    if (name.equals(packer.renderer().name())) {
      return packer;
    }
    try {
      return otherPackers.computeIfAbsent(name, packerByRenderer);
    } catch (InvalidFieldException e) {
      // The renderer setting's error, about the request's field.
      throw new InvalidFieldException("render", e.problem(), e);
    }
  }

  Retrieval retrieve(RecallRequest request, Teams teams) {
    return retriever.retrieve(request, teams, System.nanoTime(), false);
  }

  /**
   * The ranked records of a search, best first, at most {@code limit}: retrieval of every tier the
   * request allows, pinned included, then ranking; nothing is packed.
   */
  SearchResult search(RecallRequest request, Teams teams, int limit) {
    long start = System.nanoTime();
    Checks.require(!request.query().isEmpty(), "query", "must not be blank for a search");
    Checks.require(limit >= 1, "limit", "must be >= 1, got %d", limit);
    Retrieval candidates = retriever.retrieve(request, teams, start, true);
    List<ScoredRecord> ranked = rank(candidates).ranked();
    if (links.enabled(request)) {
      ranked = links.expand(request, teams, ranked, true);
    }
    return new SearchResult(
        sourceContexts.apply(ranked.subList(0, Math.min(limit, ranked.size()))),
        candidates.retrieval());
  }

  /** A ranking with links followed as a recall with links on follows them. */
  List<ScoredRecord> expandLinks(RecallRequest request, Teams teams, List<ScoredRecord> ranked) {
    return links.expand(request, teams, ranked, false);
  }

  RankingResult rank(Retrieval retrieval) {
    return ranker.rank(retrieval.paths(), retrieval.records());
  }
}
