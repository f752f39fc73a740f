package dev.recall4j.ranking;

import dev.recall4j.core.Checks;
import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Recency decay: an exponential half-life per kind, bounded below by a floor.
 *
 * <p>{@code factor = max(floor, 2^(−age / halfLife))}, where {@code age = now − record.updated()}
 * (the time it was written or last corrected) and a record updated in the future counts as age 0.
 * With {@link Builder#refreshOnAccess(boolean)} the age counts from {@code record.lastTouched()}
 * instead (the later of updated and last accessed); that is off by default, because an old memory
 * recalled every day would then never age against a newer correction (the coding-agent seed's "we
 * use jQuery" against "we moved from jQuery to React"). A kind without a half-life does not decay
 * (factor 1). The floor demotes an old memory but never erases it.
 *
 * <p>Defaults (seed designs: "recent items weighted slightly, not aggressively"): no decay for
 * identity, workspace profile, project facts, corrections and RAG chunks; 14 days for tool use, 30
 * days for workflows and for kinds not listed, 90 days for KB observations, 180 days for user
 * preferences; floor 0.9. The floor was measured on LoCoMo (docs/RESULTS.md): its questions ask
 * about any time, so decay can only cost there, and floor 0.5 cost 0.03-0.07 nDCG@10 while 0.9 cost
 * at most 0.0023: recency breaks near-ties instead of overriding relevance.
 *
 * <p>Immutable and thread-safe.
 */
public final class RecencyDecay {
  /** The default floor: an old memory keeps at least 90% of its score. */
  public static final double DEFAULT_FLOOR = 0.9;

  private static final double SECONDS_PER_NANO = 1e-9;

  private final Map<Kind, Duration> halfLives;
  private final Duration defaultHalfLife;
  private final double floor;
  private final boolean refreshOnAccess;
  // Half-lives in seconds, NaN for no decay, so that ranking's once-per-candidate call allocates
  // nothing.
  private final Map<Kind, Double> halfLifeSeconds = new HashMap<>();
  private final double defaultHalfLifeSeconds;

  private RecencyDecay(Builder b) {
    this.halfLives = new HashMap<>(b.halfLives); // never mutated after construction
    this.defaultHalfLife = b.defaultHalfLife;
    this.floor = b.floor;
    this.refreshOnAccess = b.refreshOnAccess;
    halfLives.forEach(
        (kind, halfLife) ->
            halfLifeSeconds.put(kind, halfLife == null ? Double.NaN : seconds(halfLife)));
    this.defaultHalfLifeSeconds = defaultHalfLife == null ? Double.NaN : seconds(defaultHalfLife);
  }

  /** The documented defaults (see the class comment). */
  public static RecencyDecay defaults() {
    return builder().build();
  }

  /** No decay for any kind: every factor is 1. */
  public static RecencyDecay none() {
    Builder b = builder().defaultHalfLife(null);
    b.halfLives.replaceAll((kind, halfLife) -> null);
    return b.build();
  }

  /** A builder that starts from the documented defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * The decay factor of a record at {@code now}, in [{@link #floor()}, 1].
   *
   * @throws IllegalArgumentException if an argument is null
   */
  public double factor(MemoryRecord record, Instant now) {
    Checks.notNull(record, "record");
    Checks.notNull(now, "now");
    double halfLife = halfLifeSeconds.getOrDefault(record.kind(), defaultHalfLifeSeconds);
    if (Double.isNaN(halfLife)) {
      return 1.0;
    }
    // Duration.between's arithmetic without the allocation: whole seconds, nanos in [0, 1e9).
    Instant touched = refreshOnAccess ? record.lastTouched() : record.updated();
    long seconds = now.getEpochSecond() - touched.getEpochSecond();
    long nanos = now.getNano() - touched.getNano();
    if (nanos < 0) {
      seconds--;
      nanos += 1_000_000_000L;
    }
    if (seconds < 0 || seconds == 0 && nanos == 0) {
      return 1.0;
    }
    return Math.max(floor, Math.pow(2.0, -((seconds + nanos * SECONDS_PER_NANO) / halfLife)));
  }

  /**
   * The decay factor of a record of {@code kind} last touched {@code age} ago; a negative age
   * counts as 0.
   */
  public double factor(Kind kind, Duration age) {
    Optional<Duration> halfLife = halfLife(kind);
    if (halfLife.isEmpty() || age.isNegative() || age.isZero()) {
      return 1.0;
    }
    double ratio = seconds(age) / seconds(halfLife.get());
    return Math.max(floor, Math.pow(2.0, -ratio));
  }

  /** The half-life of {@code kind}, or empty when that kind does not decay. */
  public Optional<Duration> halfLife(Kind kind) {
    Checks.notNull(kind, "kind");
    return halfLives.containsKey(kind)
        ? Optional.ofNullable(halfLives.get(kind))
        : Optional.ofNullable(defaultHalfLife);
  }

  /** The lowest factor, in (0, 1]. */
  public double floor() {
    return floor;
  }

  /** Whether an access (an injection) restarts a record's age; off by default. */
  public boolean refreshOnAccess() {
    return refreshOnAccess;
  }

  @Override
  public String toString() {
    Map<String, String> sorted = new TreeMap<>();
    halfLives.forEach((k, v) -> sorted.put(k.name(), v == null ? "none" : v.toString()));
    return "RecencyDecay[halfLives="
        + sorted
        + ", default="
        + (defaultHalfLife == null ? "none" : defaultHalfLife)
        + ", floor="
        + floor
        + ", refreshOnAccess="
        + refreshOnAccess
        + "]";
  }

  private static double seconds(Duration d) {
    return d.getSeconds() + d.getNano() * SECONDS_PER_NANO;
  }

  /**
   * Builds a {@link RecencyDecay}; starts from the documented defaults. Bad values throw at once.
   */
  public static final class Builder {
    // A null value means "this kind does not decay"; HashMap because Map.of rejects nulls.
    private final Map<Kind, Duration> halfLives = new HashMap<>();
    private Duration defaultHalfLife = Duration.ofDays(30);
    private double floor = DEFAULT_FLOOR;
    private boolean refreshOnAccess;

    private Builder() {
      for (Kind k :
          new Kind[] {
            Kind.IDENTITY,
            Kind.WORKSPACE_PROFILE,
            Kind.PROJECT_FACT,
            Kind.CORRECTION,
            Kind.RAG_CHUNK
          }) {
        halfLives.put(k, null);
      }
      halfLives.put(Kind.TOOL_USE, Duration.ofDays(14));
      halfLives.put(Kind.WORKFLOW, Duration.ofDays(30));
      halfLives.put(Kind.OBSERVATION, Duration.ofDays(90));
      halfLives.put(Kind.USER_PREFERENCE, Duration.ofDays(180));
    }

    /**
     * Sets the half-life of one kind.
     *
     * @throws IllegalArgumentException naming {@code halfLife[kind]} if it is null, zero or
     *     negative
     */
    public Builder halfLife(Kind kind, Duration halfLife) {
      Checks.notNull(kind, "kind");
      halfLives.put(kind, checkHalfLife(halfLife, "halfLife[" + kind.name() + "]"));
      return this;
    }

    /** Records of {@code kind} never decay. */
    public Builder noDecay(Kind kind) {
      halfLives.put(Checks.notNull(kind, "kind"), null);
      return this;
    }

    /**
     * The half-life of kinds not set explicitly, or null for no decay.
     *
     * @throws IllegalArgumentException naming {@code defaultHalfLife} if it is zero or negative
     */
    public Builder defaultHalfLife(Duration halfLife) {
      this.defaultHalfLife = halfLife == null ? null : checkHalfLife(halfLife, "defaultHalfLife");
      return this;
    }

    /**
     * The lowest decay factor.
     *
     * @throws IllegalArgumentException naming {@code floor} unless it is in (0, 1]
     */
    public Builder floor(double floor) {
      Checks.require(floor > 0 && floor <= 1, "floor", "must be in (0, 1], got %s", floor);
      this.floor = floor;
      return this;
    }

    /**
     * Whether age counts from the last access instead of the last update (default false: see the
     * class comment).
     */
    public Builder refreshOnAccess(boolean refresh) {
      this.refreshOnAccess = refresh;
      return this;
    }

    public RecencyDecay build() {
      return new RecencyDecay(this);
    }

    private static Duration checkHalfLife(Duration halfLife, String field) {
      Checks.notNull(halfLife, field);
      Checks.require(
          !halfLife.isNegative() && !halfLife.isZero(),
          field,
          "must be positive, got %s",
          halfLife);
      return halfLife;
    }
  }
}
