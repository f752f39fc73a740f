package dev.recall4j.ranking;

import dev.recall4j.core.Checks;
import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * How priority tiers interleave with scores.
 *
 * <p>Each kind has an injection priority, 1 first. The defaults follow the seed designs: identity
 * and workspace profile 1, project facts and corrections 2 (a fact the user corrected is written
 * with the highest priority), tool use and workflows 3, user preferences 4, RAG chunks 5, KB
 * observations 6; kinds not listed get 4, like other experiential memories. A pinned record ranks
 * by its kind like any other (issue 32: a search is relevance order); a recall injects pinned
 * records apart, before every ranked one, and reports them with {@link #PINNED_PRIORITY}.
 *
 * <ul>
 *   <li>{@linkplain #strict() Strict}: order by priority first, scores only inside a tier.
 *   <li>{@linkplain #boost(double) Boost}: order by score, the final score multiplied by {@code 1 +
 *       strength × (maxPriority − p) / (maxPriority − 1)}: the first tier gets {@code 1 +
 *       strength}, the last 1, linear in between; a pinned record gets its kind's boost.
 * </ul>
 *
 * <p>Boost is the better policy by measurement (docs/DEFAULTS.md, "Priority tiers: strict vs
 * boost"): on LoCoMo turns and observations in one haystack, strict order cost 0.18 nDCG@10 and
 * never let an observation into the block, while boosts from 0 to 1 scored within 0.007 of each
 * other; the {@link Ranker} and the engine default to {@code boost(0.25)}. Immutable and
 * thread-safe.
 */
public final class TierPolicy {
  /** The priority a recall reports for the pinned records it injects before every ranked one. */
  public static final int PINNED_PRIORITY = 0;

  private final Map<Kind, Integer> priorities;
  private final int unknownKindPriority;
  private final double strength;
  private final boolean strict;
  private final int maxPriority;

  private TierPolicy(Builder b) {
    this.priorities = Map.copyOf(b.priorities);
    this.unknownKindPriority = b.unknownKindPriority;
    this.strength = b.strength;
    this.strict = b.strict;
    this.maxPriority =
        Math.max(
            unknownKindPriority,
            priorities.values().stream().mapToInt(Integer::intValue).max().orElse(1));
  }

  /** Strict tiers with the default priorities. */
  public static TierPolicy strict() {
    return builder().build();
  }

  /**
   * Score order with a tier boost, default priorities.
   *
   * @param strength extra weight of the first tier over the last, finite and >= 0
   * @throws IllegalArgumentException naming {@code strength}
   */
  public static TierPolicy boost(double strength) {
    return builder().boost(strength).build();
  }

  /** A builder starting from strict mode and the default priorities. */
  public static Builder builder() {
    return new Builder();
  }

  /** The priority of a kind, >= 1 (1 = injected first). */
  public int priority(Kind kind) {
    return priorities.getOrDefault(Checks.notNull(kind, "kind"), unknownKindPriority);
  }

  /**
   * The priority a record is ranked at: its kind's, whatever its tier. Pinned records are ranked
   * like the others; only a recall's packer puts them first.
   */
  public int priority(MemoryRecord record) {
    return priority(record.kind());
  }

  /** Whether tiers are strict (priority before score). */
  public boolean isStrict() {
    return strict;
  }

  /** The factor the final score is multiplied by at {@code priority}: 1 under strict mode. */
  public double boostFactor(int priority) {
    if (strict || maxPriority == 1) {
      return 1.0;
    }
    int p = Math.min(Math.max(priority, 1), maxPriority);
    return 1.0 + strength * (maxPriority - p) / (maxPriority - 1);
  }

  /**
   * The group a record of {@code priority} is ordered in before its score: under strict mode each
   * priority is its own group, under boost all records share one.
   */
  public int group(int priority) {
    return strict ? priority : 1;
  }

  @Override
  public String toString() {
    Map<String, Integer> sorted = new TreeMap<>();
    priorities.forEach((k, v) -> sorted.put(k.name(), v));
    return "TierPolicy["
        + (strict ? "strict" : "boost=" + strength)
        + ", priorities="
        + sorted
        + ", unknownKind="
        + unknownKindPriority
        + "]";
  }

  /** Builds a {@link TierPolicy}. Bad values throw at once, naming the setting. */
  public static final class Builder {
    private final Map<Kind, Integer> priorities = new HashMap<>();
    private int unknownKindPriority = 4;
    private double strength;
    private boolean strict = true;

    private Builder() {
      priorities.put(Kind.IDENTITY, 1);
      priorities.put(Kind.WORKSPACE_PROFILE, 1);
      priorities.put(Kind.PROJECT_FACT, 2);
      priorities.put(Kind.CORRECTION, 2);
      priorities.put(Kind.TOOL_USE, 3);
      priorities.put(Kind.WORKFLOW, 3);
      priorities.put(Kind.USER_PREFERENCE, 4);
      priorities.put(Kind.RAG_CHUNK, 5);
      priorities.put(Kind.OBSERVATION, 6);
    }

    /** Sets the priority of one kind, >= 1. */
    public Builder priority(Kind kind, int priority) {
      Checks.notNull(kind, "kind");
      Checks.require(
          priority >= 1, "priority[" + kind.name() + "]", "must be >= 1, got %d", priority);
      priorities.put(kind, priority);
      return this;
    }

    /** The priority of kinds not set explicitly, >= 1 (default 4). */
    public Builder unknownKindPriority(int priority) {
      Checks.require(priority >= 1, "unknownKindPriority", "must be >= 1, got %d", priority);
      this.unknownKindPriority = priority;
      return this;
    }

    /** Priority before score (the default). */
    public Builder strict() {
      this.strict = true;
      return this;
    }

    /** Score order with a tier boost of {@code strength} (finite, >= 0; 0 = plain score order). */
    public Builder boost(double strength) {
      Checks.require(
          Double.isFinite(strength) && strength >= 0,
          "strength",
          "must be finite and >= 0, got %s",
          strength);
      this.strength = strength;
      this.strict = false;
      return this;
    }

    public TierPolicy build() {
      return new TierPolicy(this);
    }
  }
}
