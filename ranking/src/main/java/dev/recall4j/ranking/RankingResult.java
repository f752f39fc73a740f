package dev.recall4j.ranking;

import dev.recall4j.core.Checks;
import dev.recall4j.core.DroppedItem;
import dev.recall4j.core.ScoredRecord;
import java.util.List;

/**
 * What {@link Ranker#rank} produced.
 *
 * @param ranked the records to offer the packer, best first; each carries a complete breakdown
 * @param dropped candidates removed as duplicates ({@link dev.recall4j.core.DropReason#DUPLICATE}),
 *     in the order they were met
 */
public record RankingResult(List<ScoredRecord> ranked, List<DroppedItem> dropped) {
  public RankingResult {
    ranked = List.copyOf(Checks.notNull(ranked, "ranked"));
    dropped = List.copyOf(Checks.notNull(dropped, "dropped"));
  }
}
