package dev.recall4j.budget;

import dev.recall4j.core.DropReason;
import dev.recall4j.core.PackedContext;
import dev.recall4j.core.RecalledItem;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Renders the block and counts it exactly ({@link BlockCount}: the lines earlier blocks showed are
 * not tokenised again), which is what keeps the packer's contract: the entries were taken on
 * estimates (each line counted on its own, and a counter need not count a text as the sum of its
 * parts), so should their sum have been low, the last-taken ranked records, then the pinned ones,
 * last first, are removed until the block fits. Immutable and thread-safe.
 */
final class Remeasure {
  // Under the façade's name, which is what a caller turning on debug logging knows.
  private static final Logger LOG = LoggerFactory.getLogger(Packer.class);

  private final BlockCosts costs;

  Remeasure(BlockCosts costs) {
    this.costs = costs;
  }

  /**
   * The block rendered and counted, within its usable budget; what is removed is dropped (and
   * warned about when pinned).
   *
   * @param budget the budget asked for, reported in the result
   */
  PackedContext finish(Block block, int budget) {
    List<Choice> chosen = block.chosen();
    PackLog log = block.log();
    List<Choice> ordered = Groups.inRenderOrder(chosen);
    String text = render(ordered);
    int exact = costs.block(text);
    while (exact > block.limit()) {
      int excess = exact - block.limit();
      int freed = 0;
      while (freed < excess && !chosen.isEmpty()) {
        Choice victim = lastRankedOrElseLast(chosen);
        chosen.remove(victim);
        freed += victim.tokens() + costs.separator();
        String detail =
            "left out after the exact count of the block exceeded the budget by "
                + excess
                + " tokens";
        log.drop(victim.entry().scored(), DropReason.BUDGET, detail);
        if (victim.entry().pinned()) {
          log.warn("pinned record " + victim.entry().scored().id() + " " + detail);
        }
      }
      LOG.debug("estimate was {} tokens low; removed records until the block fits", excess);
      block.groups().ungroupSingles(chosen);
      ordered = Groups.inRenderOrder(chosen);
      text = render(ordered);
      exact = costs.block(text);
    }
    List<RecalledItem> items = new ArrayList<>(ordered.size());
    for (Choice c : ordered) {
      Renderer.Entry e = c.entry();
      items.add(
          new RecalledItem(
              e.scored().record(),
              e.section().label(),
              e.scored().score(),
              c.tokens(),
              e.truncated(),
              e.text(),
              e.scored().sourceContext()));
    }
    return new PackedContext(
        text, items, log.dropped(), budget, exact, costs.counter().name(), log.warnings());
  }

  private String render(List<Choice> ordered) {
    return costs.renderer().render(ordered.stream().map(Choice::entry).toList());
  }

  private static Choice lastRankedOrElseLast(List<Choice> chosen) {
    for (int i = chosen.size() - 1; i >= 0; i--) {
      if (!chosen.get(i).entry().pinned()) {
        return chosen.get(i);
      }
    }
    return chosen.get(chosen.size() - 1);
  }
}
