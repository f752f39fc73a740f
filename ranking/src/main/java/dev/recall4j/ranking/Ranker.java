package dev.recall4j.ranking;

import dev.recall4j.core.Checks;
import dev.recall4j.core.DroppedItem;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.ScoredRecord;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns the candidate lists of the retrieval paths into one ordered, deduplicated, explained list.
 *
 * <p>For each call of {@link #rank}:
 *
 * <ol>
 *   <li><b>Eligibility.</b> Candidates whose record is not active (superseded, deleted), and
 *       candidates that another active candidate {@linkplain MemoryRecord#supersedes() supersedes},
 *       are removed from the paths before fusion, silently: they are not candidates at all, so they
 *       appear neither in {@code ranked} nor in {@code dropped} (logged at debug). A correction
 *       thus always wins over the memory it replaces.
 *   <li><b>Fusion</b> of the remaining paths ({@link Fusion}; default {@code
 *       convex:alpha=0.5,weights=confidence}).
 *   <li><b>Weighting:</b> {@code final = fused × decay × trust × tierBoost}, with decay from {@link
 *       RecencyDecay} at the injected clock's instant, trust {@link MemoryRecord#effectiveTrust()}
 *       (1 when trust is off) and the boost of the {@link TierPolicy} (1 under strict tiers).
 *   <li><b>Order:</b> (strict tiers only) tier priority ascending, then final score descending,
 *       trust descending, id ascending. A pinned record is ranked by its kind like any other (a
 *       search is relevance order, issue 32); a recall injects its pinned records apart, first.
 *   <li><b>Dedup:</b> walking that order, a candidate that duplicates one already kept ({@link
 *       Dedup}) is dropped with {@link dev.recall4j.core.DropReason#DUPLICATE}, so the
 *       better-ranked of a pair survives.
 *   <li><b>Diversity</b> (optional): MMR with λ re-orders each group; λ = 1 changes nothing.
 * </ol>
 *
 * <p>Every ranked record carries a complete {@link dev.recall4j.core.ScoreBreakdown}: lexical and
 * vector rank and score from the paths named {@link PathResult#LEXICAL} and {@link
 * PathResult#VECTOR} (0 and NaN when absent), fused score, decay, trust, tier priority (its kind's)
 * and final score. The output does not depend on the order of the paths, of equal-score candidates
 * or of the map.
 *
 * <p>Thread-safe; immutable but for a bounded cache of the token sets of contents it has ranked (by
 * content hash, so cached sets are always right). Cost: fusion O(n log n) for n candidates; dedup
 * screens each candidate against all kept ones at once (O(n²) multiply-adds over the first {@value
 * KeptCandidates#HEAD} vector dimensions and a pass of bit counts, with the incubator Vector API
 * when the JVM has it) and tests only the few pairs a screen lets through in full ({@link
 * KeptCandidates}); MMR O(n²).
 */
public final class Ranker {
  private static final Logger LOG = LoggerFactory.getLogger(Ranker.class);

  private final Fusion fusion;
  private final RecencyDecay decay;
  private final boolean trust;
  private final TierPolicy tiers;
  private final Dedup dedup;
  private final Double mmrLambda;
  private final Clock clock;
  private final TokenSets tokenSets = new TokenSets();

  private Ranker(Builder b) {
    this.fusion = b.fusion;
    this.decay = b.decay;
    this.trust = b.trust;
    this.tiers = b.tiers;
    this.dedup = b.dedup;
    this.mmrLambda = b.mmrLambda;
    this.clock = b.clock;
  }

  /**
   * A builder with the defaults: convex α 0.5 re-weighed by confidence, default decay, trust on,
   * tier boost 0.25, default dedup, no MMR, UTC system clock.
   */
  /**
   * Dedup's terms of a content: its lower-cased letter-or-digit runs as sorted, distinct 32-bit
   * hashes ({@link dev.recall4j.core.ContentFacts#termHashes}, stored when a record is written).
   */
  public static int[] termHashes(String content) {
    return TokenSet.hashes(Checks.notNull(content, "content"));
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Ranks at the clock's current instant. See {@link #rank(List, Map, Instant)}. */
  public RankingResult rank(List<PathResult> paths, Map<String, MemoryRecord> records) {
    return rank(paths, records, clock.instant());
  }

  /**
   * Ranks the candidates of {@code paths} as of {@code now} (see the class comment).
   *
   * @param paths one result per retrieval path, unique path names; may be empty
   * @param records the record of every candidate id (more entries are ignored)
   * @param now the instant recency is measured against
   * @return the ranked records, best first, and the duplicates dropped
   * @throws IllegalArgumentException if an argument is null or a candidate has no record
   */
  public RankingResult rank(
      List<PathResult> paths, Map<String, MemoryRecord> records, Instant now) {
    Checks.notNull(paths, "paths");
    Checks.notNull(records, "records");
    Checks.notNull(now, "now");
    List<PathResult> eligible = eligible(paths, records);
    FusionTable fused =
        fusion instanceof TableFusion t ? t.table(eligible) : FusionTable.of(fusion.fuse(eligible));
    Weighted[] weighted = new Weighted[fused.size()];
    for (int row = 0; row < weighted.length; row++) {
      MemoryRecord r = records.get(fused.id(row));
      int priority = tiers.priority(r);
      weighted[row] =
          new Weighted(
              r,
              fused,
              row,
              decay.factor(r, now),
              trust ? r.effectiveTrust() : 1.0,
              priority,
              tiers.group(priority),
              tiers.boostFactor(priority));
    }
    Weighted.sort(weighted);
    List<Weighted> ordered = Arrays.asList(weighted);
    List<DroppedItem> dropped = new ArrayList<>();
    List<Weighted> kept = Diversity.dedup(ordered, dedup, tokenSets, dropped);
    if (mmrLambda != null) {
      kept = Diversity.mmr(kept, mmrLambda, tokenSets);
    }
    List<ScoredRecord> ranked = new ArrayList<>(kept.size());
    for (Weighted w : kept) {
      ranked.add(w.toScored());
    }
    return new RankingResult(ranked, dropped);
  }

  /** The paths without candidates that may never rank (see step 1 of the class comment). */
  private static List<PathResult> eligible(
      List<PathResult> paths, Map<String, MemoryRecord> records) {
    Set<String> superseded = new HashSet<>();
    boolean inactive = false;
    for (PathResult p : Checks.notNull(paths, "paths")) {
      for (Candidate c : Checks.notNull(p, "paths").ranked()) {
        MemoryRecord r = records.get(c.id());
        if (r == null
            || !r.id()
                .equals(c.id())) { // checked before calling Checks: its varargs allocate per call
          Checks.require(
              r != null, "records", "no record for candidate %s of path %s", c.id(), p.path());
          Checks.require(false, "records", "the entry for %s holds record %s", c.id(), r.id());
        }
        if (r.isRecallable() && r.supersedes() != null) {
          superseded.add(r.supersedes());
        }
        inactive |= !r.isRecallable();
      }
    }
    if (!inactive && superseded.isEmpty()) {
      return paths; // the usual case: nothing to remove, no second round of lookups
    }
    List<PathResult> out = new ArrayList<>(paths.size());
    for (PathResult p : paths) {
      List<Candidate> keep = new ArrayList<>(p.ranked().size());
      for (Candidate c : p.ranked()) {
        MemoryRecord r = records.get(c.id());
        if (r.isRecallable() && !superseded.contains(c.id())) {
          keep.add(c);
        } else {
          LOG.debug(
              "not ranked: {} ({})",
              c.id(),
              r.isRecallable() ? "superseded by another candidate" : r.status());
        }
      }
      out.add(keep.size() == p.ranked().size() ? p : new PathResult(p.path(), keep));
    }
    return out;
  }

  @Override
  public String toString() {
    return "Ranker[fusion="
        + fusion.name()
        + ", decay="
        + decay
        + ", trust="
        + trust
        + ", tiers="
        + tiers
        + ", dedup="
        + dedup
        + ", mmrLambda="
        + (mmrLambda == null ? "off" : mmrLambda)
        + "]";
  }

  /**
   * Builds a {@link Ranker}. Every setting has a default; bad values throw at once, naming the
   * setting.
   */
  /**
   * The default fusion, as a spec ({@code recall.fusion}): min-max normalised scores after Bruch et
   * al., TOIS 2023, α 0.5 re-weighed per query by each path's confidence in its own ranking.
   * Measured in docs/DEFAULTS.md, "Passage vectors and the default fusion" and issue 23.
   */
  public static final String DEFAULT_FUSION = "convex:alpha=0.5,weights=confidence";

  /**
   * The default tier boost ({@code recall.tier_boost}): relevance decides and the tier breaks
   * near-ties (docs/DEFAULTS.md, "Priority tiers: strict vs boost").
   */
  public static final double DEFAULT_TIER_BOOST = 0.25;

  public static final class Builder {
    private Fusion fusion = Fusions.parse(DEFAULT_FUSION);
    private RecencyDecay decay = RecencyDecay.defaults();
    private boolean trust = true;
    private TierPolicy tiers = TierPolicy.boost(DEFAULT_TIER_BOOST);
    private Dedup dedup = Dedup.defaults();
    private Double mmrLambda;
    private Clock clock = Clock.systemUTC();

    private Builder() {}

    /** The fusion (default {@code convex:alpha=0.5,weights=confidence}). */
    public Builder fusion(Fusion fusion) {
      this.fusion = Checks.notNull(fusion, "fusion");
      return this;
    }

    /** The fusion by spec, see {@link Fusions#parse(String)}. */
    public Builder fusion(String spec) {
      return fusion(Fusions.parse(spec));
    }

    /**
     * Recency decay (default {@link RecencyDecay#defaults()}; {@link RecencyDecay#none()} turns it
     * off).
     */
    public Builder recencyDecay(RecencyDecay decay) {
      this.decay = Checks.notNull(decay, "recencyDecay");
      return this;
    }

    /** Whether source trust weights the score (default true); when off the trust factor is 1. */
    public Builder trust(boolean trust) {
      this.trust = trust;
      return this;
    }

    /** The tier policy (default {@code TierPolicy.boost(0.25)}). */
    public Builder tierPolicy(TierPolicy tiers) {
      this.tiers = Checks.notNull(tiers, "tierPolicy");
      return this;
    }

    /** Duplicate thresholds (default {@link Dedup#defaults()}). */
    public Builder dedup(Dedup dedup) {
      this.dedup = Checks.notNull(dedup, "dedup");
      return this;
    }

    /** MMR's λ in [0, 1] (1 = relevance only), or null for no MMR (the default). */
    public Builder mmrLambda(Double lambda) {
      this.mmrLambda = lambda == null ? null : Checks.inRange(lambda, 0.0, 1.0, "mmrLambda");
      return this;
    }

    /**
     * The clock recency is measured against by {@link Ranker#rank(List, Map)} (default UTC system
     * clock).
     */
    public Builder clock(Clock clock) {
      this.clock = Checks.notNull(clock, "clock");
      return this;
    }

    public Ranker build() {
      return new Ranker(this);
    }
  }
}
