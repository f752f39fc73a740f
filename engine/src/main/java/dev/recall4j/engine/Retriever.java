package dev.recall4j.engine;

import static dev.recall4j.engine.UncheckedIo.io;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.RetrievalMode;
import dev.recall4j.core.Scope;
import dev.recall4j.core.ScoreBreakdown;
import dev.recall4j.core.ScoredRecord;
import dev.recall4j.core.Stage;
import dev.recall4j.core.Tier;
import dev.recall4j.core.store.Hit;
import dev.recall4j.core.store.HybridHits;
import dev.recall4j.core.store.RecordStore;
import dev.recall4j.core.store.StoreFilter;
import dev.recall4j.embeddings.EmbeddingException;
import dev.recall4j.embeddings.QueryEmbedding;
import dev.recall4j.ranking.Candidate;
import dev.recall4j.ranking.PathResult;
import dev.recall4j.ranking.TierPolicy;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The read side of a recall: the pinned records of the visible scopes, and the candidates of the
 * lexical path and, when the query vector comes within the deadline, the vector path, searched in
 * every scope the caller may see.
 */
final class Retriever {
  private static final Logger LOG = LoggerFactory.getLogger(Retriever.class);

  /**
   * Runs a vector path beside the lexical one ({@link #beside}): a virtual thread per recall, on
   * the JDK's carrier threads (one per core).
   */
  private static final ExecutorService BESIDE = Executors.newVirtualThreadPerTaskExecutor();

  private static final boolean SECOND_CORE = Runtime.getRuntime().availableProcessors() > 1;

  /**
   * The recent lexical search time from which a vector already there is searched beside it.
   * Measured on 2 cores (issue 35, session 13; docs/RESULTS.md as of a872efd): at 100K records
   * (lexical about 1.5 ms) beside took a quarter off the median recall; at 1K and 10K (0.4-0.6 ms)
   * it gained nothing and doubled the p99, the other core's queue.
   */
  static final double BESIDE_FROM_MILLIS = 1.0;

  /** Pinned records fetched per recall at most; more is a configuration error worth a warning. */
  private static final int MAX_PINNED = 256;

  private final RecordStore store;

  /** Null without an embedder. */
  private final QueryEmbedding queryEmbedding;

  private final RecallSettings settings;

  /**
   * The pinned records of one lookup, the filters asked and the index version they were read at.
   */
  private record PinnedLookup(long version, List<StoreFilter> filters, List<ScoredRecord> pinned) {}

  /** The last pinned lookup (one entry: an agent recalls in the same scope turn after turn). */
  private volatile PinnedLookup lastPinned;

  private final double besideFromMillis;

  /** The lexical search's recent wall time, an exponential average over recalls (ms). */
  private volatile double lexicalMillis;

  Retriever(RecordStore store, QueryEmbedding queryEmbedding, RecallSettings settings) {
    this(store, queryEmbedding, settings, BESIDE_FROM_MILLIS);
  }

  /**
   * @param besideFromMillis the recent lexical search time from which a ready vector is searched
   *     beside it
   */
  Retriever(
      RecordStore store,
      QueryEmbedding queryEmbedding,
      RecallSettings settings,
      double besideFromMillis) {
    this.store = store;
    this.queryEmbedding = queryEmbedding;
    this.settings = settings;
    this.besideFromMillis = besideFromMillis;
  }

  /**
   * The pinned records the request may see, in tier priority order, then by id. The scope, silos
   * and kinds apply; tags and time bounds do not (see {@link RecallRequest}). The last answer is
   * kept with the index version it was read at and given again while the index and the filters are
   * the same: pinned records change only with writes, and the lookup (a sorted search and up to
   * {@value #MAX_PINNED} records decoded) was a tenth of a small index's recall.
   */
  List<ScoredRecord> pinned(RecallRequest request, Teams teams) {
    List<StoreFilter> filters = new ArrayList<>();
    for (Scope scope : teams.visibleScopes(request.scope())) {
      filters.add(
          StoreFilter.recallable(scope)
              .withAllProjects(request.allProjects())
              .withAllSessions(request.includeSessions())
              .withSilos(request.silos())
              .withKinds(request.kinds())
              .withTiers(EnumSet.of(Tier.PINNED)));
    }
    long version = io(store::version);
    PinnedLookup last = lastPinned;
    if (last != null && last.version() == version && last.filters().equals(filters)) {
      return last.pinned();
    }
    List<MemoryRecord> found =
        firstPerId(perScope(filters, scoped -> store.find(scoped, MAX_PINNED)), MemoryRecord::id);
    if (found.size() >= MAX_PINNED) {
      LOG.warn(
          "more than {} pinned records in scope; only the first {} by id are considered",
          MAX_PINNED,
          MAX_PINNED);
    }
    TierPolicy tierPolicy = settings.tierPolicy();
    List<ScoredRecord> pinned =
        found.stream()
            .sorted(
                Comparator.comparingInt((MemoryRecord r) -> tierPolicy.priority(r.kind()))
                    .thenComparing(MemoryRecord::id))
            .limit(MAX_PINNED)
            .map(r -> new ScoredRecord(r, ScoreBreakdown.pinned(r.effectiveTrust())))
            .toList();
    lastPinned = new PinnedLookup(version, List.copyOf(filters), pinned);
    return pinned;
  }

  /**
   * The candidates of a non-empty query on both paths; the vector path answers only if the query
   * vector is ready before the request's deadline, counted from {@code start} (a {@link
   * System#nanoTime()}). Every filter of the request applies on both paths (inside the store's
   * query: the kNN search is pre-filtered). Pinned records are candidates only when {@code
   * withPinned} (a search, which ranks everything; a recall injects them apart).
   */
  Retrieval retrieve(RecallRequest request, Teams teams, long start, boolean withPinned) {
    return retrieve(request, teams, start, withPinned, embed(request));
  }

  /**
   * The query's embedding, begun now on the model's thread (null without an embedder): a recall
   * begins it before its pinned lookup, which it then overlaps.
   */
  QueryEmbedding.Pending embed(RecallRequest request) {
    return queryEmbedding == null ? null : queryEmbedding.begin(request.query());
  }

  /** {@link #retrieve(RecallRequest, Teams, long, boolean)} of an embedding already begun. */
  Retrieval retrieve(
      RecallRequest request,
      Teams teams,
      long start,
      boolean withPinned,
      QueryEmbedding.Pending pending) {
    Map<Stage, Double> timings = new LinkedHashMap<>();
    Stopwatch watch = new Stopwatch(timings);
    Duration deadline = request.deadline() != null ? request.deadline() : settings.deadline();
    List<StoreFilter> filters = filters(request, teams, withPinned);
    int topK = request.topK() != null ? request.topK() : settings.topK();
    // In process the model runs on another thread while this one searches the lexical path: at
    // 1K-10K records the query embedding is most of a recall's time, and the two overlap on 2
    // cores. A store that answers both paths in one round trip is asked once the vector is here.
    boolean atOnce = pending != null && store.searchesHybridAtOnce();
    // A vector already there (a repeated query, the cache's) is searched on another core beside a
    // long lexical search, and then costs the recall only what it takes beyond it.
    boolean worthASecondCore = SECOND_CORE && lexicalMillis >= besideFromMillis;
    Optional<float[]> ready =
        pending != null && !atOnce && worthASecondCore ? pending.ifReady() : Optional.empty();
    if (ready.isPresent()) {
      return beside(request, filters, topK, ready.get(), watch, timings);
    }
    List<Hit> lexical = List.of();
    if (!atOnce) {
      lexical = lexical(request, filters, topK);
      watch.lap(Stage.LEXICAL);
      lexicalTook(timings);
    }
    // One record per id: the vector path reuses the lexical path's records instead of reading a
    // record both find (about a third of them) a second time.
    Map<String, MemoryRecord> records = HashMap.newHashMap(2 * topK);
    lexical.forEach(h -> records.put(h.record().id(), h.record()));
    List<Hit> semantic = List.of();
    RetrievalMode mode;
    if (pending == null) {
      mode = RetrievalMode.LEXICAL_NO_EMBEDDER;
    } else {
      Duration left = deadline.minusNanos(System.nanoTime() - start);
      Optional<float[]> vector = Optional.empty();
      try {
        vector = pending.await(left.isNegative() ? Duration.ZERO : left);
        mode = vector.isPresent() ? RetrievalMode.HYBRID : RetrievalMode.LEXICAL_EMBEDDER_TIMEOUT;
      } catch (EmbeddingException e) {
        LOG.warn("embedder failed, answering from the lexical path: {}", e.getMessage());
        mode = RetrievalMode.embedderError(e.getMessage());
      }
      watch.lap(Stage.EMBED);
      if (vector.isPresent() && atOnce) {
        float[] queryVector = vector.get();
        List<HybridHits> both =
            io(() -> store.searchHybrid(request.query(), queryVector, filters, topK));
        lexical = acrossScopes(both.stream().map(HybridHits::lexical).toList(), topK);
        semantic = acrossScopes(both.stream().map(HybridHits::vector).toList(), topK);
        lexical.forEach(h -> records.put(h.record().id(), h.record()));
        watch.lap(Stage.SEARCH);
      } else if (vector.isPresent()) {
        float[] queryVector = vector.get();
        Map<String, MemoryRecord> known = Collections.unmodifiableMap(records);
        semantic = search(filters, topK, f -> store.searchVector(queryVector, f, topK, known));
        watch.lap(Stage.VECTOR);
      } else if (atOnce) {
        lexical = lexical(request, filters, topK);
        lexical.forEach(h -> records.put(h.record().id(), h.record()));
        watch.lap(Stage.LEXICAL);
      }
    }
    return retrieval(lexical, semantic, records, mode, timings);
  }

  /**
   * Both paths at once: the vector path on a virtual thread, the lexical one on this thread. The
   * vector path reads its records itself (read once applies to paths run one after the other).
   */
  private Retrieval beside(
      RecallRequest request,
      List<StoreFilter> filters,
      int topK,
      float[] queryVector,
      Stopwatch watch,
      Map<Stage, Double> timings) {
    CompletableFuture<List<Hit>> vectorPath =
        CompletableFuture.supplyAsync(
            () -> search(filters, topK, f -> store.searchVector(queryVector, f, topK, Map.of())),
            BESIDE);
    List<Hit> lexical;
    try {
      lexical = lexical(request, filters, topK);
    } catch (RuntimeException | Error e) {
      vectorPath.cancel(false);
      throw e;
    }
    watch.lap(Stage.LEXICAL);
    lexicalTook(timings);
    List<Hit> semantic;
    try {
      semantic = vectorPath.join();
    } catch (CompletionException e) {
      // The store's own exception (damaged record, closed store), as the lexical path throws it.
      if (e.getCause() instanceof RuntimeException cause) {
        throw cause;
      }
      if (e.getCause() instanceof Error cause) {
        throw cause;
      }
      throw e;
    }
    watch.lap(Stage.VECTOR);
    Map<String, MemoryRecord> records = HashMap.newHashMap(2 * topK);
    lexical.forEach(h -> records.put(h.record().id(), h.record()));
    return retrieval(lexical, semantic, records, RetrievalMode.HYBRID, timings);
  }

  /**
   * Both paths' hits as a retrieval; {@code records} holds the lexical hits' and gets the vector
   * hits' records it lacks.
   */
  private static Retrieval retrieval(
      List<Hit> lexical,
      List<Hit> semantic,
      Map<String, MemoryRecord> records,
      RetrievalMode mode,
      Map<Stage, Double> timings) {
    semantic.forEach(h -> records.putIfAbsent(h.record().id(), h.record()));
    List<PathResult> paths =
        List.of(path(PathResult.LEXICAL, lexical), path(PathResult.VECTOR, semantic));
    return new Retrieval(paths, records, mode, timings);
  }

  /** Folds the lexical search just timed into the recent average (racing updates lose one). */
  private void lexicalTook(Map<Stage, Double> timings) {
    lexicalMillis = 0.8 * lexicalMillis + 0.2 * timings.get(Stage.LEXICAL);
  }

  private List<Hit> lexical(RecallRequest request, List<StoreFilter> filters, int topK) {
    return search(filters, topK, f -> store.searchLexical(request.query(), f, topK));
  }

  /**
   * What the paths of a query search, one filter per visible scope: every filter of the request,
   * the searched tiers, and the pinned tier when {@code withPinned}. Records reached through links
   * pass the same filters.
   */
  static List<StoreFilter> filters(RecallRequest request, Teams teams, boolean withPinned) {
    EnumSet<Tier> tiers = searchedTiers(request);
    if (withPinned) {
      tiers.add(Tier.PINNED);
    }
    return teams.visibleScopes(request.scope()).stream()
        .map(scope -> filter(request, scope).withTiers(tiers))
        .toList();
  }

  /**
   * The active records of one visible scope that every filter of the request allows, in any tier:
   * what search and listing narrow by tier.
   */
  static StoreFilter filter(RecallRequest request, Scope scope) {
    return StoreFilter.recallable(scope)
        .withTiers(Set.of())
        .withAllProjects(request.allProjects())
        .withAllSessions(request.includeSessions())
        .withSilos(request.silos())
        .withKinds(request.kinds())
        .withTags(request.tags())
        .withCreated(request.since(), request.until());
  }

  /** The active tier, and the archived one when the request includes the archive. */
  static EnumSet<Tier> searchedTiers(RecallRequest request) {
    return request.includeArchived()
        ? EnumSet.of(Tier.ACTIVE, Tier.ARCHIVED)
        : EnumSet.of(Tier.ACTIVE);
  }

  private static PathResult path(String name, List<Hit> hits) {
    return new PathResult(
        name, hits.stream().map(h -> new Candidate(h.record().id(), h.score())).toList());
  }

  /** One search per visible scope, merged as {@link #acrossScopes} does. */
  private static List<Hit> search(List<StoreFilter> filters, int topK, ScopeLookup<Hit> search) {
    return acrossScopes(perScope(filters, search), topK);
  }

  /**
   * The hits of one search per visible scope merged as one search over their union would order
   * them: score descending, then id, ranks renumbered. Scores of separate searches are comparable
   * because scope filters never score (BM25 statistics and vector similarity do not depend on the
   * filter). With no team this is the single search. Ids are unique only within a namespace, and
   * ranking joins the paths by id: a team's record with the id of one of the caller's own is
   * shadowed by it (the caller's scope is searched first), as a lookup by id is.
   */
  private static List<Hit> acrossScopes(List<List<Hit>> perScope, int topK) {
    if (perScope.size() == 1) {
      return perScope.get(0);
    }
    List<Hit> all = firstPerId(perScope, h -> h.record().id());
    all.sort(
        Comparator.comparingDouble((Hit h) -> h.score())
            .reversed()
            .thenComparing(h -> h.record().id()));
    List<Hit> merged = new ArrayList<>(Math.min(topK, all.size()));
    for (int i = 0; i < Math.min(topK, all.size()); i++) {
      merged.add(new Hit(all.get(i).record(), i + 1, all.get(i).score()));
    }
    return merged;
  }

  /** What {@code lookup} finds in each visible scope, in scope order. */
  private static <T> List<List<T>> perScope(List<StoreFilter> filters, ScopeLookup<T> lookup) {
    List<List<T>> found = new ArrayList<>(filters.size());
    for (StoreFilter filter : filters) {
      found.add(io(() -> lookup.run(filter)));
    }
    return found;
  }

  /**
   * What each visible scope's lookup found, in scope order, the first of each id only: ids are
   * unique only within a namespace, and the caller's own scope comes first, so its record shadows a
   * team's with the same id.
   */
  private static <T> List<T> firstPerId(List<List<T>> perScope, Function<T, String> id) {
    List<T> first = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (List<T> scope : perScope) {
      for (T found : scope) {
        if (seen.add(id.apply(found))) {
          first.add(found);
        }
      }
    }
    return first;
  }

  private interface ScopeLookup<T> {
    List<T> run(StoreFilter filter) throws IOException;
  }
}
