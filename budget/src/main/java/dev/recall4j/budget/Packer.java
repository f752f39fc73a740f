package dev.recall4j.budget;

import dev.recall4j.core.Checks;
import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.PackedContext;
import dev.recall4j.core.ScoredRecord;
import dev.recall4j.core.TokenCounter;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Packs ranked records into a token budget: the most useful context that fits, never a token more.
 *
 * <p><b>Contract.</b> For every input, {@code counter.count(result.context()) <= budgetTokens}: the
 * final rendered string, headers, labels, line breaks and truncation markers included, is counted
 * with the configured counter before it is returned. Budget 0 gives the empty string. Output is a
 * pure function of the inputs and the settings. Immutable and thread-safe; the token-count cache it
 * holds is thread-safe.
 *
 * <p><b>Algorithm.</b> Each step names the class that owns it, where its reasons are given.
 *
 * <ol>
 *   <li>The usable budget is {@code floor(budgetTokens / (1 + safetyMargin))}: the margin covers a
 *       counter that is only an estimate of the target model's tokenizer.
 *   <li>Pinned records, in the given (priority) order, may take at most {@code pinnedShare} of the
 *       usable budget together. The first that does not fit is shortened (its summary, else a cut
 *       at a sentence boundary) and every later one is left out, each with a warning; so raising
 *       the budget never removes a pinned record ({@code PinnedShare}).
 *   <li>Ranked records, best first: a record under {@code minScore} is dropped, a record whose
 *       content was already taken is a duplicate ({@code Dedup}); a record that fits (including the
 *       section header it opens) is taken; one that does not is replaced by its summary when that
 *       fits, else cut at a sentence boundary with the marker {@code " […]"} when that shows at
 *       least {@code minCutTokens} of its own text (a sentence cut that would show less gives way
 *       to a word cut; {@code Shortening}); otherwise it is skipped and the next, smaller ones are
 *       tried. While more candidates follow, one record's line may take at most {@code
 *       maxItemShare} of the usable budget (never less than {@code minCutTokens}): a long record is
 *       shortened the same way rather than fill the block alone ({@code RankedPass}). Per-section
 *       and per-kind quotas cap the tokens of ranked items; a kind share ({@link
 *       Builder#kindShare}) caps a kind's ranked lines at that share of the usable budget, whatever
 *       the budget is ({@code Quotas}).
 *   <li>The L0 identity ({@code kind: identity}) may take {@code identityMaxChars} characters in
 *       total (1,000 by default, {@link MemoryRecord#IDENTITY_MAX_CHARS}): one identity record is
 *       capped at write time, and several together here, the one that crosses the cap cut at a
 *       sentence boundary, those after it left out, each with a warning ({@code IdentityCap}).
 *   <li>A ranked record that shares the renderer's {@link Renderer#groupKey group key} with one
 *       already taken (the default renderers: the same kind and title, as the turns of one
 *       conversation session share their date) joins that group: it is rendered right after the
 *       group's other members, under one header, and costs its member line (plus, for the second
 *       member, the header less what the first member's line stops repeating). So the block shows
 *       the date once per session instead of once per turn ({@code Groups}).
 *   <li>Room still left at the end goes back to the shortened ranked records, best first: each is
 *       shown in full, or cut longer, as far as the room allows ({@code Shortening}).
 *   <li>The block is rendered in section order (pinned first within a section; a group where its
 *       best record ranks) and counted exactly; should the sum of the item estimates have been low,
 *       the last-taken ranked records (then pinned, last first) are removed until it fits ({@code
 *       Remeasure}).
 * </ol>
 *
 * <p>Each record's line is counted once per pack and the count is cached across packs, keyed by the
 * counter, the renderer, the record's content hash and its line frame ({@code BlockCosts}).
 */
public final class Packer {
  /** Share of the usable budget pinned records may take together by default. */
  public static final double DEFAULT_PINNED_SHARE = 0.5;

  /**
   * The fewest tokens of a record's own text (its title, labels and the marker not counted) worth
   * cutting it into, by default: about two sentences.
   */
  public static final int DEFAULT_MIN_CUT_TOKENS = 32;

  /**
   * The share of the usable budget one ranked record may take while more candidates follow, by
   * default. A single 500-token chunk would otherwise be the whole of a 512-token block: on
   * SciFact, where the best-ranked abstract is the relevant one for about half of the questions,
   * showing the head of the next one as well reaches more relevant documents (docs/RESULTS.md,
   * "Budget-aware recall").
   */
  public static final double DEFAULT_MAX_ITEM_SHARE = 0.5;

  /** Token counts kept by a packer's own cache. */
  public static final int DEFAULT_CACHE_ENTRIES = 10_000;

  private final TokenCounter counter;
  private final Renderer renderer;
  private final double safetyMargin;
  private final Map<Section, Integer> sectionQuotas;
  private final Map<Kind, Integer> kindQuotas;
  private final Map<Kind, Double> kindShares;
  private final int identityMaxChars;
  private final BlockCosts costs;
  private final PinnedShare pinnedShare;
  private final RankedPass rankedPass;
  private final Shortening shortening;
  private final Remeasure remeasure;

  private Packer(Builder b) {
    this.counter = b.counter;
    this.renderer = b.renderer;
    this.safetyMargin =
        b.safetyMargin != null ? b.safetyMargin : TokenCounters.defaultSafetyMargin(counter);
    this.sectionQuotas = Collections.unmodifiableMap(new EnumMap<>(b.sectionQuotas));
    this.kindQuotas = Map.copyOf(b.kindQuotas);
    this.kindShares = Map.copyOf(b.kindShares);
    this.identityMaxChars = b.identityMaxChars;
    TokenCountCache cache = b.cache != null ? b.cache : new TokenCountCache(DEFAULT_CACHE_ENTRIES);
    this.costs = new BlockCosts(counter, renderer, cache);
    this.shortening = new Shortening(costs, b.minCutTokens);
    this.pinnedShare = new PinnedShare(b.pinnedShare, costs, shortening);
    this.rankedPass = new RankedPass(b.minScore, b.maxItemShare, b.minCutTokens, costs, shortening);
    this.remeasure = new Remeasure(costs);
  }

  /** A builder counting with {@code counter}; every other setting has the documented default. */
  public static Builder builder(TokenCounter counter) {
    return new Builder(counter);
  }

  /**
   * Packs the candidates into {@code budgetTokens}.
   *
   * @param pinned records injected regardless of the query, highest priority first; not subject to
   *     {@code minScore} or quotas
   * @param ranked records recalled by relevance, best first (the order is kept, not re-sorted)
   * @param budgetTokens the most tokens the rendered context may take, >= 0
   * @return the rendered context, what was injected (in rendered order) and what was dropped and
   *     why
   * @throws IllegalArgumentException naming {@code budgetTokens} when negative, or a null argument
   */
  public PackedContext pack(
      List<ScoredRecord> pinned, List<ScoredRecord> ranked, int budgetTokens) {
    Checks.notNull(pinned, "pinned");
    Checks.notNull(ranked, "ranked");
    Checks.require(budgetTokens >= 0, "budgetTokens", "must be >= 0, got %d", budgetTokens);
    int limit = (int) Math.floor(budgetTokens / (1 + safetyMargin));
    Quotas quotas = new Quotas(sectionQuotas, kindQuotas, kindShares, limit);
    Block block = new Block(limit, costs, identityMaxChars, quotas);
    pinnedShare.pack(IdentityCap.order(pinned), block);
    List<Integer> shortened = rankedPass.pack(IdentityCap.order(ranked), block);
    shortening.regrow(shortened, block);
    return remeasure.finish(block, budgetTokens);
  }

  public TokenCounter counter() {
    return counter;
  }

  /**
   * The layout of the {@link dev.recall4j.core.ContentFacts} this packer uses: its counter and
   * renderer ({@code cl100k/block}).
   */
  public String layout() {
    return costs.layout();
  }

  /**
   * The piece counts of {@code content} for this packer ({@link
   * dev.recall4j.core.ContentFacts#pieceTokens}), or null when its counter's counts do not add up
   * by pieces.
   */
  public int[] pieceTokens(String content) {
    return costs.pieceTokens(content);
  }

  public Renderer renderer() {
    return renderer;
  }

  /** The safety margin in effect (the counter's default unless set). */
  public double safetyMargin() {
    return safetyMargin;
  }

  /** Settings of a {@link Packer}; validated by {@link #build()}. Not thread-safe. */
  public static final class Builder {
    private final TokenCounter counter;
    private Renderer renderer = Renderers.memoryContext();
    private double pinnedShare = DEFAULT_PINNED_SHARE;
    private double maxItemShare = DEFAULT_MAX_ITEM_SHARE;
    private double minScore = Double.NEGATIVE_INFINITY;
    private Double safetyMargin;
    private int minCutTokens = DEFAULT_MIN_CUT_TOKENS;
    private final Map<Section, Integer> sectionQuotas = new EnumMap<>(Section.class);
    private final Map<Kind, Integer> kindQuotas = new HashMap<>();
    private final Map<Kind, Double> kindShares = new HashMap<>();
    private int identityMaxChars = MemoryRecord.IDENTITY_MAX_CHARS;
    private TokenCountCache cache;

    private Builder(TokenCounter counter) {
      this.counter = Checks.notNull(counter, "counter");
    }

    /** How the context is rendered; default {@link Renderers#memoryContext()}. */
    public Builder renderer(Renderer renderer) {
      this.renderer = renderer;
      return this;
    }

    /** Share of the usable budget pinned records may take together, in [0, 1]; default 0.5. */
    public Builder pinnedShare(double pinnedShare) {
      this.pinnedShare = pinnedShare;
      return this;
    }

    /**
     * Share of the usable budget one ranked record may take while more candidates follow, in (0,
     * 1]; default {@link #DEFAULT_MAX_ITEM_SHARE}. 1 lets the best record fill the block alone.
     */
    public Builder maxItemShare(double maxItemShare) {
      this.maxItemShare = maxItemShare;
      return this;
    }

    /** Ranked records scoring below this are never injected; default -∞ (no threshold). */
    public Builder minScore(double minScore) {
      this.minScore = minScore;
      return this;
    }

    /**
     * The budget is divided by {@code 1 + safetyMargin}, in [0, 1]; default {@link
     * TokenCounters#defaultSafetyMargin(TokenCounter)} for the counter.
     */
    public Builder safetyMargin(double safetyMargin) {
      this.safetyMargin = safetyMargin;
      return this;
    }

    /**
     * The fewest tokens of its own text a long record is cut into, >= 1; default {@link
     * #DEFAULT_MIN_CUT_TOKENS}.
     */
    public Builder minCutTokens(int minCutTokens) {
      this.minCutTokens = minCutTokens;
      return this;
    }

    /** At most {@code maxTokens} (>= 0) of ranked records' lines in this section. */
    public Builder sectionQuota(Section section, int maxTokens) {
      Checks.notNull(section, "sectionQuota");
      sectionQuotas.put(section, maxTokens);
      return this;
    }

    /** At most {@code maxTokens} (>= 0) of ranked records' lines of this kind. */
    public Builder kindQuota(Kind kind, int maxTokens) {
      Checks.notNull(kind, "kindQuota");
      kindQuotas.put(kind, maxTokens);
      return this;
    }

    /**
     * At most this share (in [0, 1]) of the usable budget for ranked records' lines of this kind,
     * whatever the budget (with a {@link #kindQuota} too, the lower of the two applies).
     */
    public Builder kindShare(Kind kind, double share) {
      Checks.notNull(kind, "kindShare");
      kindShares.put(kind, share);
      return this;
    }

    /**
     * The most characters all identity ({@code kind: identity}) records may show together, >= 0;
     * default {@link MemoryRecord#IDENTITY_MAX_CHARS}.
     */
    public Builder identityMaxChars(int maxChars) {
      this.identityMaxChars = maxChars;
      return this;
    }

    /**
     * A cache shared with other packers or the engine; default a private one of {@link
     * #DEFAULT_CACHE_ENTRIES}.
     */
    public Builder cache(TokenCountCache cache) {
      this.cache = cache;
      return this;
    }

    /**
     * @throws IllegalArgumentException naming the first bad setting and its value
     */
    public Packer build() {
      Checks.notNull(renderer, "renderer");
      Checks.inRange(pinnedShare, 0, 1, "pinnedShare");
      Checks.require(
          maxItemShare > 0 && maxItemShare <= 1,
          "maxItemShare",
          "must be in (0, 1], got %s",
          maxItemShare);
      Checks.require(!Double.isNaN(minScore), "minScore", "must not be NaN");
      if (safetyMargin != null) {
        Checks.inRange(safetyMargin, 0, 1, "safetyMargin");
      }
      Checks.require(minCutTokens >= 1, "minCutTokens", "must be >= 1, got %d", minCutTokens);
      sectionQuotas.forEach(
          (s, q) ->
              Checks.require(
                  q >= 0, "sectionQuota", "%s must be >= 0 tokens, got %d", s.label(), q));
      kindQuotas.forEach(
          (k, q) ->
              Checks.require(q >= 0, "kindQuota", "%s must be >= 0 tokens, got %d", k.name(), q));
      kindShares.forEach(
          (k, share) ->
              Checks.require(
                  share >= 0 && share <= 1,
                  "kindShare",
                  "%s must be in [0, 1], got %s",
                  k.name(),
                  share));
      Checks.require(
          identityMaxChars >= 0, "identityMaxChars", "must be >= 0, got %d", identityMaxChars);
      return new Packer(this);
    }
  }
}
