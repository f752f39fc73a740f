package dev.recall4j.engine;

import static dev.recall4j.engine.UncheckedIo.io;

import dev.recall4j.core.LinkedFrom;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.ScoreBreakdown;
import dev.recall4j.core.ScoredRecord;
import dev.recall4j.core.Status;
import dev.recall4j.core.store.RecordStore;
import dev.recall4j.core.store.StoreFilter;
import dev.recall4j.ranking.TierPolicy;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One hop along links after ranking, without a graph database: the records a recall's hits link to
 * are pulled in, and superseded versions give way to their newest version. On when the request says
 * ({@link RecallRequest#links()}), else as {@code recall.links.expand} says.
 *
 * <p>The rule:
 *
 * <ol>
 *   <li><b>Newest version.</b> A ranked hit that a record the request may see supersedes (directly
 *       or along a chain of versions) is replaced by the newest active version of the chain, which
 *       takes the hit's place with its score and factors and {@link LinkedFrom.Route#SUCCESSOR}.
 *       Never both: the hit leaves the list. A version with several successors continues with the
 *       most recently updated (then the smallest id).
 *   <li><b>Links.</b> The {@code links} of the {@code recall.links.follow_top} best hits are
 *       followed, best hit first, each record's links in order; the first (best) hit naming a
 *       record decides. A linked record (resolved to its newest active version as above) scores
 *       {@code hit's final score × recall.links.damping}: one that was already ranked keeps the
 *       larger of its own score and that (marked {@link LinkedFrom.Route#LINK} when the link's
 *       wins); one that was not is pulled in, up to {@code recall.links.max_linked} records, with
 *       factors that say so (no path rank, fused 0, decay 1, its own trust and tier priority). The
 *       links followed are those of the hit as found, even when a newer version replaced it.
 *   <li><b>Filters.</b> Every record looked up must pass the request's filters, in the Lucene query
 *       itself (scope and teams, project rule, silos, kinds, tags, time bounds, tiers): a link
 *       never reaches a record the request's own search could not have returned. Only active
 *       records are pulled in or replace a hit; superseded versions are read only to walk a chain.
 *   <li><b>Order</b> as the ranker orders: tier groups under strict tiers (pinned records by their
 *       kind), then final score descending, trust descending, id ascending. Nothing is deduplicated
 *       again.
 * </ol>
 *
 * <p>Pinned records of a recall are injected apart and are not hits: their links are not followed.
 * Cost: one store lookup per visible scope ({@link RecordStore#findLinked}: the linked ids and the
 * records superseding any hit or linked record), and one more for each further step of a supersede
 * chain, at most {@value #MAX_CHAIN_STEPS} in all.
 */
final class LinkExpansion {
  /** Lookups per recall at most: the first, then one per further step along supersede chains. */
  static final int MAX_CHAIN_STEPS = 8;

  /** Linked ids looked up per recall at most, however many links the hits carry. */
  static final int MAX_LINKED_IDS = 256;

  private final RecordStore store;
  private final LinkSettings settings;
  private final TierPolicy tiers;

  LinkExpansion(RecordStore store, LinkSettings settings, TierPolicy tiers) {
    this.store = store;
    this.settings = settings;
    this.tiers = tiers;
  }

  /** Whether this request follows links: its own choice, else the configured default. */
  boolean enabled(RecallRequest request) {
    return request.links() != null ? request.links() : settings.expand();
  }

  /**
   * The ranked records with links followed and versions resolved (see the class comment), ranking
   * order; the same list when nothing changes.
   *
   * @param withPinned whether the pinned tier was searched (a search), so linked pinned records may
   *     be reached
   */
  List<ScoredRecord> expand(
      RecallRequest request, Teams teams, List<ScoredRecord> ranked, boolean withPinned) {
    if (ranked.isEmpty()) {
      return ranked;
    }
    Map<String, ScoredRecord> linkedBy = new LinkedHashMap<>();
    Set<String> chainStarts = new LinkedHashSet<>();
    int followed = 0;
    for (ScoredRecord hit : ranked) {
      if (!Double.isFinite(hit.finalScore())) {
        continue;
      }
      chainStarts.add(hit.id());
      if (followed++ < settings.followTop()) {
        for (String link : hit.record().links()) {
          if (linkedBy.size() < MAX_LINKED_IDS && !link.equals(hit.id())) {
            linkedBy.putIfAbsent(link, hit);
          }
        }
      }
    }
    chainStarts.addAll(linkedBy.keySet());
    Versions versions =
        lookUp(Retriever.filters(request, teams, withPinned), linkedBy, chainStarts);

    Map<String, ScoredRecord> out = LinkedHashMap.newLinkedHashMap(ranked.size() + linkedBy.size());
    boolean changed = false;
    for (ScoredRecord hit : ranked) {
      MemoryRecord current =
          Double.isFinite(hit.finalScore()) ? versions.current(hit.record()) : hit.record();
      if (current.id().equals(hit.id())) {
        keepBetter(out, hit);
      } else {
        changed = true;
        LinkedFrom from = new LinkedFrom(hit.id(), LinkedFrom.Route.SUCCESSOR);
        keepBetter(out, new ScoredRecord(current, hit.score().linked(hit.finalScore(), from)));
      }
    }
    int pulled = 0;
    for (Map.Entry<String, ScoredRecord> link : linkedBy.entrySet()) {
      ScoredRecord hit = link.getValue();
      MemoryRecord target = versions.current(link.getKey());
      if (target == null || target.id().equals(hit.id())) {
        continue;
      }
      double score = hit.finalScore() * settings.damping();
      LinkedFrom from = new LinkedFrom(hit.id(), LinkedFrom.Route.LINK);
      ScoredRecord existing = out.get(target.id());
      if (existing != null) {
        if (score > existing.finalScore()) {
          out.put(target.id(), new ScoredRecord(target, existing.score().linked(score, from)));
          changed = true;
        }
      } else if (pulled < settings.maxLinked()) {
        out.put(target.id(), new ScoredRecord(target, pulledIn(target, score, from)));
        pulled++;
        changed = true;
      }
    }
    if (!changed) {
      return ranked;
    }
    List<ScoredRecord> expanded = new ArrayList<>(out.values());
    expanded.sort(
        Comparator.comparingInt(this::group)
            .thenComparing(ScoredRecord::finalScore, Comparator.reverseOrder())
            .thenComparing(s -> s.score().trust(), Comparator.reverseOrder())
            .thenComparing(ScoredRecord::id));
    return expanded;
  }

  /** The factors of a record only a link reached: no path found it. */
  private ScoreBreakdown pulledIn(MemoryRecord r, double score, LinkedFrom from) {
    return new ScoreBreakdown(
        0, Double.NaN, 0, Double.NaN, 0, 1, r.effectiveTrust(), tiers.priority(r), score, from);
  }

  /** The ranker's ordering group ({@link TierPolicy#group}). */
  private int group(ScoredRecord s) {
    return tiers.group(s.score().tierPriority());
  }

  private static void keepBetter(Map<String, ScoredRecord> out, ScoredRecord s) {
    ScoredRecord existing = out.get(s.id());
    if (existing == null || s.finalScore() > existing.finalScore()) {
      out.put(s.id(), s);
    }
  }

  /**
   * Reads the linked records and every newer version of the hits and linked records that the
   * filters allow, active or superseded, walking chains one lookup per step.
   */
  private Versions lookUp(
      List<StoreFilter> filters, Map<String, ScoredRecord> linkedBy, Set<String> chainStarts) {
    List<StoreFilter> anyVersion =
        filters.stream()
            .map(f -> f.withStatuses(Set.of(Status.ACTIVE, Status.SUPERSEDED)))
            .toList();
    Versions versions = new Versions();
    Set<String> ids = linkedBy.keySet();
    Set<String> superseded = chainStarts;
    Set<String> asked = new HashSet<>(chainStarts);
    for (int step = 0; step < MAX_CHAIN_STEPS && !superseded.isEmpty(); step++) {
      Set<String> wanted = ids;
      Set<String> older = superseded;
      int limit = 2 * (wanted.size() + older.size()) + 16;
      List<MemoryRecord> found = new ArrayList<>();
      for (StoreFilter filter : anyVersion) {
        found.addAll(io(() -> store.findLinked(filter, wanted, older, limit)));
      }
      Set<String> next = new LinkedHashSet<>();
      for (MemoryRecord r : found) {
        if (wanted.contains(r.id())) {
          versions.byId.putIfAbsent(r.id(), r);
        }
        if (r.supersedes() != null && older.contains(r.supersedes())) {
          versions.newerOf.merge(r.supersedes(), r, Versions::newer);
          if (asked.add(r.id())) {
            next.add(r.id());
          }
        }
      }
      ids = Set.of();
      superseded = next;
    }
    return versions;
  }

  /** What a lookup found: linked records by id, and each id's newest direct successor. */
  private static final class Versions {
    final Map<String, MemoryRecord> byId = new HashMap<>();
    final Map<String, MemoryRecord> newerOf = new HashMap<>();

    /** The more recently updated of two successors of one record, then the smaller id. */
    static MemoryRecord newer(MemoryRecord a, MemoryRecord b) {
      int c = a.updated().compareTo(b.updated());
      return c > 0 || (c == 0 && a.id().compareTo(b.id()) <= 0) ? a : b;
    }

    /** The newest active version of a hit: the hit itself when no newer one is visible. */
    MemoryRecord current(MemoryRecord hit) {
      MemoryRecord newest = newestActive(hit.id());
      return newest != null ? newest : hit;
    }

    /** The newest active version of a linked id, or null when neither it nor a newer one is. */
    MemoryRecord current(String id) {
      MemoryRecord newest = newestActive(id);
      if (newest != null) {
        return newest;
      }
      MemoryRecord self = byId.get(id);
      return self != null && self.isRecallable() ? self : null;
    }

    /** The last active record along the successors of {@code id}, or null. */
    private MemoryRecord newestActive(String id) {
      MemoryRecord best = null;
      Set<String> seen = new HashSet<>(Set.of(id));
      for (MemoryRecord n = newerOf.get(id);
          n != null && seen.add(n.id());
          n = newerOf.get(n.id())) {
        if (n.isRecallable()) {
          best = n;
        }
      }
      return best;
    }
  }
}
