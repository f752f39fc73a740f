package dev.recall4j.budget;

import dev.recall4j.core.Checks;
import dev.recall4j.core.DropReason;
import dev.recall4j.core.ScoredRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Takes the ranked records, best first, into the room the pinned ones left: a record under {@code
 * minScore} is dropped; one that fits whole is taken; one that does not is shortened, else skipped
 * so that the next, smaller ones are tried. While more candidates follow, one record's line may
 * take at most {@code maxItemShare} of the usable budget (never less than {@code minCutTokens}): a
 * long record is shortened rather than fill the block alone, unless it cannot be, when whole beats
 * nothing. Immutable and thread-safe.
 */
final class RankedPass {
  private final double minScore;
  private final double maxItemShare;
  private final int minCutTokens;
  private final BlockCosts costs;
  private final Shortening shortening;

  RankedPass(
      double minScore,
      double maxItemShare,
      int minCutTokens,
      BlockCosts costs,
      Shortening shortening) {
    this.minScore = minScore;
    this.maxItemShare = maxItemShare;
    this.minCutTokens = minCutTokens;
    this.costs = costs;
    this.shortening = shortening;
  }

  /**
   * Packs the ranked records into the block.
   *
   * @return the indexes into the block's choices of the records taken shortened, best first
   */
  List<Integer> pack(List<ScoredRecord> ranked, Block block) {
    PackLog log = block.log();
    Groups groups = block.groups();
    int itemCap = Math.max(minCutTokens, (int) Math.floor(maxItemShare * block.limit()));
    List<Integer> shortened = new ArrayList<>();
    for (int i = 0; i < ranked.size(); i++) {
      ScoredRecord candidate = ranked.get(i);
      Checks.notNull(candidate, "ranked");
      if (block.dedup().rejects(candidate)) {
        continue;
      }
      if (candidate.finalScore() < minScore) {
        log.drop(
            candidate,
            DropReason.BELOW_THRESHOLD,
            String.format(
                Locale.ROOT,
                "score %.4f is below minScore %.4f",
                candidate.finalScore(),
                minScore));
        continue;
      }
      Renderer.Entry full = block.identity().admit(candidate, false);
      if (full == null) {
        continue;
      }
      String group = groups.of(full);
      boolean member = groups.joins(group);
      int overhead =
          member
              ? costs.separator() + groups.joinCost(group, block.chosen())
              : block.overhead(full.section());
      int room = block.left() - overhead;
      int quota = block.quotas().left(full);
      int max = Math.min(room, quota);
      if (max <= 0) {
        // Not even a bullet fits: decided without counting the record.
        log.drop(
            candidate,
            room <= 0 ? DropReason.BUDGET : DropReason.QUOTA,
            room <= 0 ? "no tokens left" : "no tokens left in its section or kind quota");
        continue;
      }
      int allowed = i < ranked.size() - 1 ? Math.min(max, itemCap) : max;
      int cost = costs.full(full, member, room);
      boolean fitsRoom = cost != BlockCosts.OVER && cost <= room;
      if (fitsRoom && cost <= allowed) {
        block.take(full, cost, overhead, true, group);
        continue;
      }
      Fitted shorter = shortening.shorten(full, allowed, member);
      if (shorter != null) {
        shortened.add(block.chosen().size());
        block.take(shorter.entry(), shorter.tokens(), overhead, true, group);
      } else if (fitsRoom && cost <= max) {
        block.take(full, cost, overhead, true, group); // over the item cap, but whole beats nothing
      } else if (fitsRoom) {
        log.drop(
            candidate,
            DropReason.QUOTA,
            "needs "
                + cost
                + " tokens, "
                + Math.max(quota, 0)
                + " left in its section or kind quota");
      } else {
        // Not the exact count even when known: whether it is depends on what the cache holds,
        // and the output must not (a line counted whole by an earlier pack would read otherwise).
        log.drop(
            candidate,
            DropReason.BUDGET,
            "needs more than the " + Math.max(room, 0) + " tokens left");
      }
    }
    return shortened;
  }
}
