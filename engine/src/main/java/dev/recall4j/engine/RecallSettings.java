package dev.recall4j.engine;

import dev.recall4j.core.Checks;
import dev.recall4j.core.ConfigSection;
import dev.recall4j.core.Kind;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.ranking.Fusion;
import dev.recall4j.ranking.Fusions;
import dev.recall4j.ranking.Ranker;
import dev.recall4j.ranking.RecencyDecay;
import dev.recall4j.ranking.TierPolicy;
import java.time.Clock;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code recall} settings of an {@link EngineConfig}, parsed, with their defaults ({@link
 * #DEFAULTS}: the ranking ones are the {@link Ranker}'s own) and their reader.
 *
 * @param deadline {@code recall.deadline_ms}: end-to-end time after which recall answers from the
 *     lexical path alone (200 ms; from the seeds' per-prompt target)
 * @param topK {@code recall.top_k}: candidates taken from each path (50)
 * @param fusion {@code recall.fusion}: the fusion of the spec (default {@value
 *     Ranker#DEFAULT_FUSION}: min-max normalised scores after Bruch et al., TOIS 2023, α 0.5
 *     re-weighed per query by each path's confidence in its own ranking). α 0.5 is the largest
 *     fixed α at or above the better single path on every shared dataset and LoCoMo level (fusion
 *     sweep in docs/RESULTS.md, bge-small, passage vectors; α 0.6 loses LoCoMo turns to BM25); the
 *     confidence weights were chosen over fixed ones on LoCoMo by leave-one-conversation-out and
 *     tie on SciFact's train split (docs/RESULTS.md, issue 23); RRF (k = 60) loses LoCoMo turns and
 *     sessions to BM25
 * @param decay {@code recall.decay}: the per-kind recency decay of {@code RecencyDecay.defaults()}
 *     when on (the default, floor 0.9: a gentle tie-breaker that cost at most 0.0023 nDCG@10 on
 *     LoCoMo, where questions ask about any time; floor 0.5 cost 0.03-0.07), else {@code
 *     RecencyDecay.none()}; or, as a mapping, {@code half_life} per kind, {@code
 *     default_half_life}, {@code floor} and {@code refresh_on_access} (off: age counts from {@code
 *     updated}, so a memory injected every day still ages against a newer correction)
 * @param tierPolicy {@code recall.tier_boost}: how much the first priority tier (profile, facts) is
 *     boosted over the last (KB observations) when scores are ordered: final × (1 + boost) down to
 *     final × 1; {@code strict} orders by tier first. Default {@value Ranker#DEFAULT_TIER_BOOST},
 *     so relevance decides and the tier breaks near-ties.
 * @param links {@code recall.links}: following links and supersede chains ({@link LinkSettings})
 * @param sourceContexts {@code recall.source_contexts}: a description per path prefix, returned
 *     with every hit whose {@code origin.path} lies under it (the longest prefix wins; see {@link
 *     SourceContexts}); empty by default
 */
public record RecallSettings(
    Duration deadline,
    int topK,
    Fusion fusion,
    RecencyDecay decay,
    TierPolicy tierPolicy,
    LinkSettings links,
    Map<String, String> sourceContexts) {
  public RecallSettings {
    Checks.notNull(deadline, "recall.deadline_ms");
    Checks.require(
        !deadline.isNegative(), "recall.deadline_ms", "must be >= 0, got %d", deadline.toMillis());
    Checks.require(
        topK >= 1 && topK <= RecallRequest.MAX_TOP_K,
        "recall.top_k",
        "must be in [1, %d], got %d",
        RecallRequest.MAX_TOP_K,
        topK);
    Checks.notNull(fusion, "recall.fusion");
    Checks.notNull(decay, "recall.decay");
    Checks.notNull(tierPolicy, "recall.tier_boost");
    Checks.notNull(links, "recall.links");
    sourceContexts = SourceContexts.of(sourceContexts).asMap();
  }

  /** Every default: 200 ms, top 50 per path, the {@link Ranker}'s fusion, decay and tiers. */
  public static final RecallSettings DEFAULTS =
      new RecallSettings(
          Duration.ofMillis(200),
          50,
          Fusions.parse(Ranker.DEFAULT_FUSION),
          RecencyDecay.defaults(),
          TierPolicy.boost(Ranker.DEFAULT_TIER_BOOST),
          LinkSettings.DEFAULTS,
          Map.of());

  /** These settings with what {@code recall} says over them. */
  RecallSettings read(ConfigSection s) {
    s.allow("deadline_ms", "top_k", "fusion", "decay", "tier_boost", "links", "source_contexts");
    RecallSettings[] r = {this};
    s.integer("deadline_ms", v -> r[0] = r[0].withDeadline(Duration.ofMillis(v)));
    s.integer("top_k", v -> r[0] = r[0].withTopK(v));
    s.text("fusion", v -> r[0] = r[0].withFusion(Fusions.parse(v)));
    if (s.hasSection("decay")) {
      r[0] = r[0].withDecay(decay(s.section("decay")));
    } else {
      s.bool(
          "decay", v -> r[0] = r[0].withDecay(v ? RecencyDecay.defaults() : RecencyDecay.none()));
    }
    s.text("tier_boost", v -> r[0] = r[0].withTierPolicy(tierPolicy(v)));
    s.section("links", l -> r[0] = r[0].withLinks(r[0].links.read(l)));
    s.section(
        "source_contexts",
        c -> {
          Map<String, String> contexts = new LinkedHashMap<>(r[0].sourceContexts);
          c.names().forEach(prefix -> c.text(prefix, v -> contexts.put(prefix, v)));
          r[0] = r[0].withSourceContexts(contexts);
        });
    return r[0];
  }

  /**
   * {@code recall.decay} as a mapping: half-lives per kind ({@code 14d}, {@code 12h}, an ISO-8601
   * duration, or {@code none}), the default half-life, the floor, and whether access refreshes age.
   */
  private static RecencyDecay decay(ConfigSection d) {
    d.allow("enabled", "half_life", "default_half_life", "floor", "refresh_on_access");
    boolean[] enabled = {true};
    d.bool("enabled", v -> enabled[0] = v);
    if (!enabled[0]) {
      return RecencyDecay.none();
    }
    RecencyDecay.Builder decay = RecencyDecay.builder();
    d.section(
        "half_life",
        h ->
            h.names()
                .forEach(
                    name ->
                        h.text(
                            name,
                            v -> {
                              Kind kind = Kind.parse(h.key(name), name);
                              Duration halfLife = halfLife(v);
                              if (halfLife == null) {
                                decay.noDecay(kind);
                              } else {
                                decay.halfLife(kind, halfLife);
                              }
                            })));
    d.text("default_half_life", v -> decay.defaultHalfLife(halfLife(v)));
    d.number("floor", decay::floor);
    d.bool("refresh_on_access", decay::refreshOnAccess);
    return decay.build();
  }

  private static final Pattern SHORT_DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([smhdw])");

  /** {@code 14d}, {@code 36h}, {@code 2w}, {@code 90m}, {@code 30s}, ISO-8601, or none (null). */
  static Duration halfLife(String text) {
    String value = text.strip().toLowerCase(Locale.ROOT);
    if (value.equals("none") || value.equals("never")) {
      return null;
    }
    Matcher m = SHORT_DURATION.matcher(value);
    if (m.matches()) {
      double amount = Double.parseDouble(m.group(1));
      long unitSeconds =
          switch (m.group(2)) {
            case "s" -> 1;
            case "m" -> 60;
            case "h" -> 3_600;
            case "d" -> 86_400;
            default -> 7 * 86_400;
          };
      return Duration.ofMillis(Math.round(amount * unitSeconds * 1000));
    }
    try {
      return Duration.parse(text.strip().toUpperCase(Locale.ROOT));
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          "must be a duration such as 14d, 36h, 2w or none, got \"" + text + "\"", e);
    }
  }

  public RecallSettings withDeadline(Duration d) {
    return new RecallSettings(d, topK, fusion, decay, tierPolicy, links, sourceContexts);
  }

  public RecallSettings withTopK(int k) {
    return new RecallSettings(deadline, k, fusion, decay, tierPolicy, links, sourceContexts);
  }

  public RecallSettings withFusion(Fusion f) {
    return new RecallSettings(deadline, topK, f, decay, tierPolicy, links, sourceContexts);
  }

  public RecallSettings withDecay(RecencyDecay d) {
    return new RecallSettings(deadline, topK, fusion, d, tierPolicy, links, sourceContexts);
  }

  public RecallSettings withTierPolicy(TierPolicy t) {
    return new RecallSettings(deadline, topK, fusion, decay, t, links, sourceContexts);
  }

  public RecallSettings withLinks(LinkSettings l) {
    return new RecallSettings(deadline, topK, fusion, decay, tierPolicy, l, sourceContexts);
  }

  public RecallSettings withSourceContexts(Map<String, String> contexts) {
    return new RecallSettings(deadline, topK, fusion, decay, tierPolicy, links, contexts);
  }

  /** The ranker of these settings, measuring recency against {@code clock}. */
  Ranker ranker(Clock clock) {
    return Ranker.builder()
        .fusion(fusion)
        .recencyDecay(decay)
        .tierPolicy(tierPolicy)
        .clock(clock)
        .build();
  }

  /** Parses {@code recall.tier_boost}: {@code strict}, or a boost >= 0 as text. */
  static TierPolicy tierPolicy(String value) {
    if (value.equals("strict")) {
      return TierPolicy.strict();
    }
    try {
      return TierPolicy.boost(Double.parseDouble(value));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "must be \"strict\" or a boost >= 0, got \"" + value + "\"", e);
    }
  }
}
