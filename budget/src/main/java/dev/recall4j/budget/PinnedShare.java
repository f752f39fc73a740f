package dev.recall4j.budget;

import dev.recall4j.core.Checks;
import dev.recall4j.core.DropReason;
import dev.recall4j.core.ScoredRecord;
import java.util.List;
import java.util.Locale;

/**
 * Takes the pinned records, in the given (priority) order, into at most a share of the usable
 * budget together. The first that does not fit is shortened (its summary, else a cut) and every
 * later one is left out, each with a warning. A later, smaller record is not tried in its place:
 * taken at one budget, it would be displaced at a larger one by the record before it, which fits
 * there; so raising the budget never removes a pinned record. Pinned records are not subject to
 * {@code minScore} or quotas and are never grouped. Immutable and thread-safe.
 */
final class PinnedShare {
  private final double share;
  private final BlockCosts costs;
  private final Shortening shortening;

  /**
   * @param share of the usable budget the pinned records may take together, in [0, 1]
   */
  PinnedShare(double share, BlockCosts costs, Shortening shortening) {
    this.share = share;
    this.costs = costs;
    this.shortening = shortening;
  }

  void pack(List<ScoredRecord> pinned, Block block) {
    PackLog log = block.log();
    int cap = (int) Math.floor(share * block.limit());
    int pinnedUsed = 0;
    boolean capReached = false;
    for (ScoredRecord candidate : pinned) {
      Checks.notNull(candidate, "pinned");
      if (block.dedup().rejects(candidate)) {
        continue;
      }
      if (capReached) {
        log.drop(candidate, DropReason.BUDGET, "the pinned cap of " + cap + " tokens is used");
        log.warn(
            "pinned record "
                + candidate.id()
                + " left out: the pinned cap of "
                + cap
                + " tokens is used");
        continue;
      }
      Renderer.Entry full = block.identity().admit(candidate, true);
      if (full == null) {
        continue;
      }
      int overhead = block.overhead(full.section());
      int room = Math.min(cap - pinnedUsed, block.left()) - overhead;
      int cost = costs.full(full, false);
      if (cost <= room) {
        block.take(full, cost, overhead, false, null);
        pinnedUsed += overhead + cost;
        continue;
      }
      capReached = true;
      Fitted shorter = shortening.shorten(full, room, false);
      if (shorter != null) {
        block.take(shorter.entry(), shorter.tokens(), overhead, false, null);
        pinnedUsed += overhead + shorter.tokens();
        log.warn(
            String.format(
                Locale.ROOT,
                "pinned record %s truncated from %d to %d tokens to fit the pinned cap of %d tokens",
                candidate.id(),
                cost,
                shorter.tokens(),
                cap));
      } else {
        String needs = "needs " + cost + " tokens, " + Math.max(room, 0) + " left";
        log.drop(candidate, DropReason.BUDGET, needs);
        log.warn("pinned record " + candidate.id() + " left out: " + needs + " in the pinned cap");
      }
    }
  }
}
