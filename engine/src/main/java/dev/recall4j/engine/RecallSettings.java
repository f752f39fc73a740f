package dev.recall4j.engine;

import dev.recall4j.core.Checks;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.ranking.Fusion;
import dev.recall4j.ranking.Ranker;
import dev.recall4j.ranking.RecencyDecay;
import dev.recall4j.ranking.TierPolicy;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;

/**
 * The {@code recall} settings of an {@link EngineConfig}, parsed: the ranking options are the
 * {@link Ranker}'s own. The defaults are {@link EngineConfig.Builder}'s.
 *
 * @param deadline {@code recall.deadline_ms}: end-to-end time after which recall answers from the
 *     lexical path alone (200 ms; from the seeds' per-prompt target)
 * @param topK {@code recall.top_k}: candidates taken from each path (50)
 * @param fusion {@code recall.fusion}: the fusion of the spec (default {@value
 *     EngineConfig#DEFAULT_FUSION}: min-max normalised scores after Bruch et al., TOIS 2023, α 0.5
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
 *     final × 1; {@code strict} orders by tier first. Default {@value
 *     EngineConfig#DEFAULT_TIER_BOOST}, so relevance decides and the tier breaks near-ties.
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
