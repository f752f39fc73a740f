package dev.recall4j.budget;

import dev.recall4j.core.Kind;
import java.util.HashMap;
import java.util.Map;

/**
 * The per-section and per-kind quotas on ranked records' lines (pinned records are never charged):
 * tokens, and kind shares of the usable budget, so that one kind cannot crowd out the others
 * whatever the budget is. One per pack.
 */
final class Quotas {
  private final Map<Section, Integer> sectionQuotas;
  // Kind quotas in tokens for this budget: the absolute ones, lowered by the kind shares.
  private final Map<Kind, Integer> kindLimits;
  private final int[] sectionUsed = new int[Section.values().length];
  private final Map<Kind, Integer> kindUsed = new HashMap<>();

  /**
   * @param limit the usable budget the kind shares are shares of
   */
  Quotas(
      Map<Section, Integer> sectionQuotas,
      Map<Kind, Integer> kindQuotas,
      Map<Kind, Double> kindShares,
      int limit) {
    this.sectionQuotas = sectionQuotas;
    this.kindLimits = new HashMap<>(kindQuotas);
    kindShares.forEach(
        (kind, share) -> kindLimits.merge(kind, (int) Math.floor(share * limit), Math::min));
  }

  /** The tokens the entry's section and kind have left, the lower of the two; unbounded if none. */
  int left(Renderer.Entry entry) {
    int left = Integer.MAX_VALUE;
    Integer sectionQuota = sectionQuotas.get(entry.section());
    if (sectionQuota != null) {
      left = sectionQuota - sectionUsed[entry.section().ordinal()];
    }
    Kind kind = entry.scored().record().kind();
    Integer kindQuota = kindLimits.get(kind);
    if (kindQuota != null) {
      left = Math.min(left, kindQuota - kindUsed.getOrDefault(kind, 0));
    }
    return left;
  }

  /** Charges a ranked entry's tokens (or the growth of its line) to its section and kind. */
  void charge(Renderer.Entry entry, int tokens) {
    sectionUsed[entry.section().ordinal()] += tokens;
    kindUsed.merge(entry.scored().record().kind(), tokens, Integer::sum);
  }
}
