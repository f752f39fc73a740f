package dev.recall4j.budget;

import dev.recall4j.core.Checks;
import dev.recall4j.core.DropReason;
import dev.recall4j.core.DroppedItem;
import dev.recall4j.core.PackedContext;
import dev.recall4j.core.RecalledItem;
import dev.recall4j.core.ScoredRecord;
import dev.recall4j.core.TokenCounter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The evaluation baseline the {@link Packer} is measured against: take the pinned records and the
 * top {@code k} ranked ones, render them all in full, and cut the string at the budget (the longest
 * prefix, on a code-point boundary, whose count fits). No summaries, quotas, thresholds,
 * de-duplication or sentence boundaries.
 *
 * <p>Same output guarantee as the packer ({@code count(context) <= budgetTokens}); an entry whose
 * line starts inside the kept prefix is reported as injected, truncated when its line was cut.
 * Immutable and thread-safe.
 */
public final class NaivePacker {
  private final TokenCounter counter;
  private final Renderer renderer;
  private final int topK;

  /**
   * @param counter counts the rendered string
   * @param renderer renders the top-k
   * @param topK how many ranked records are rendered before cutting, >= 1
   */
  public NaivePacker(TokenCounter counter, Renderer renderer, int topK) {
    this.counter = Checks.notNull(counter, "counter");
    this.renderer = Checks.notNull(renderer, "renderer");
    Checks.require(topK >= 1, "topK", "must be >= 1, got %d", topK);
    this.topK = topK;
  }

  /**
   * Renders pinned plus the first {@code topK} ranked records and cuts the text at the budget.
   *
   * @throws IllegalArgumentException naming {@code budgetTokens} when negative
   */
  public PackedContext pack(
      List<ScoredRecord> pinned, List<ScoredRecord> ranked, int budgetTokens) {
    Checks.notNull(pinned, "pinned");
    Checks.notNull(ranked, "ranked");
    Checks.require(budgetTokens >= 0, "budgetTokens", "must be >= 0, got %d", budgetTokens);
    List<Renderer.Entry> entries = new ArrayList<>();
    pinned.forEach(p -> entries.add(Renderer.Entry.of(p, true)));
    ranked.stream().limit(topK).forEach(r -> entries.add(Renderer.Entry.of(r, false)));
    entries.sort(Comparator.comparingInt(e -> e.section().ordinal())); // stable: keeps rank order
    Layout layout = Layout.of(renderer, entries);
    int keep = longestFittingPrefix(layout.text(), budgetTokens);
    String context = layout.text().substring(0, keep);

    List<RecalledItem> items = new ArrayList<>();
    List<DroppedItem> dropped = new ArrayList<>();
    for (int i = 0; i < entries.size(); i++) {
      Renderer.Entry e = entries.get(i);
      if (layout.starts()[i] < keep) {
        int end = Math.min(layout.ends()[i], keep);
        int tokens = counter.count(context.substring(layout.starts()[i], end));
        items.add(
            new RecalledItem(
                e.scored().record(),
                e.section().label(),
                e.scored().score(),
                tokens,
                end < layout.ends()[i],
                end < layout.ends()[i]
                    ? context.substring(layout.starts()[i], end)
                    : e.scored().record().content(),
                e.scored().sourceContext()));
      } else {
        dropped.add(new DroppedItem(e.scored().id(), DropReason.BUDGET, "cut off at the budget"));
      }
    }
    ranked.stream()
        .skip(topK)
        .forEach(
            r -> dropped.add(new DroppedItem(r.id(), DropReason.BUDGET, "beyond the top " + topK)));
    return new PackedContext(
        context, items, dropped, budgetTokens, counter.count(context), counter.name(), List.of());
  }

  /**
   * The longest prefix ending on a code-point boundary (never inside a surrogate pair) that fits.
   */
  private int longestFittingPrefix(String text, int budget) {
    if (counter.count(text) <= budget) {
      return text.length();
    }
    int[] ends = text.codePoints().map(Character::charCount).toArray();
    for (int i = 1; i < ends.length; i++) {
      ends[i] += ends[i - 1];
    }
    // ends[j] is the length of the first j + 1 code points; the whole text does not fit.
    int lo = -1; // the empty prefix always fits
    int hi = ends.length - 1;
    while (hi - lo > 1) {
      int mid = (lo + hi) >>> 1;
      if (counter.count(text.substring(0, ends[mid])) <= budget) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    // Counts are monotone in the prefix only up to a merge at the cut: step back until it fits.
    while (lo >= 0 && counter.count(text.substring(0, ends[lo])) > budget) {
      lo--;
    }
    return lo < 0 ? 0 : ends[lo];
  }
}
