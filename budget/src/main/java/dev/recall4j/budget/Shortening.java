package dev.recall4j.budget;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.TokenCounter;
import java.util.List;

/**
 * Shortens a record that does not fit whole (its summary, else a cut at a sentence boundary, else
 * at a word boundary) and, once every candidate was considered, gives the room left back to the
 * shortened records. Immutable and thread-safe.
 */
final class Shortening {
  private final BlockCosts costs;
  private final int minCutTokens;

  /**
   * @param minCutTokens the fewest tokens of its own text a record is cut into
   */
  Shortening(BlockCosts costs, int minCutTokens) {
    this.costs = costs;
    this.minCutTokens = minCutTokens;
  }

  /**
   * The summary if its line fits {@code maxTokens}, else the longest marked cut whose line fits and
   * shows at least {@code minCutTokens} of the record's own text (a cut that shows its bullet,
   * title and a few words takes room that a smaller whole record could use); or null. A sentence
   * cut that would show less gives way to a word cut ({@link Cutter}).
   */
  Fitted shorten(Renderer.Entry full, int maxTokens, boolean member) {
    if (maxTokens <= 0) {
      return null;
    }
    MemoryRecord record = full.scored().record();
    if (record.summary() != null && !record.summary().equals(record.content())) {
      Renderer.Entry summary = full.withText(record.summary());
      int tokens = costs.shown(summary, member);
      if (tokens <= maxTokens) {
        return new Fitted(summary, tokens);
      }
    }
    if (maxTokens < minCutTokens) {
      return null;
    }
    TokenCounter counter = costs.counter();
    Renderer renderer = costs.renderer();
    Renderer.Entry marked = full.withText(full.text());
    String prefix = costs.prefix(marked, member);
    String suffix = renderer.itemSuffix(marked);
    // Counted once for every cut the search may try, rather than once per cut tried.
    LineCuts cuts = costs.cuts(marked, prefix, suffix);
    int bare = cuts != null ? cuts.bare() : counter.count(prefix + Cutter.MARKER.strip() + suffix);
    if (maxTokens - bare < minCutTokens) {
      return null;
    }
    // The room allows minCutTokens of text, but a cut at a sentence boundary may keep less.
    String cut =
        Cutter.cut(
            full.text(),
            maxTokens * Cutter.MAX_CHARS_PER_TOKEN,
            candidate -> line(cuts, prefix, renderer.body(candidate), suffix) <= maxTokens,
            candidate -> alone(cuts, renderer.body(Cutter.unmarked(candidate))) >= minCutTokens);
    if (cut == null) {
      return null;
    }
    return new Fitted(full.withText(cut), line(cuts, prefix, renderer.body(cut), suffix));
  }

  /** The tokens of the line showing {@code body}, a marked cut. */
  private int line(LineCuts cuts, String prefix, String body, String suffix) {
    int known = cuts != null ? cuts.marked(body) : -1;
    return known >= 0 ? known : costs.counter().count(prefix + body + suffix);
  }

  /** The tokens of {@code body}, a cut of the record's text, on its own. */
  private int alone(LineCuts cuts, String body) {
    int known = cuts != null ? cuts.alone(body) : -1;
    return known >= 0 ? known : costs.counter().count(body);
  }

  /**
   * Gives the room left after every candidate was considered back to the shortened ranked records
   * ({@code shortened}: indexes into the block's choices, best first): each is shown in full when
   * that fits the room and its quotas, else cut longer.
   */
  void regrow(List<Integer> shortened, Block block) {
    List<Choice> chosen = block.chosen();
    for (int index : shortened) {
      int spare = block.left();
      if (spare <= 0) {
        return;
      }
      Choice current = chosen.get(index);
      if (IdentityCap.applies(current.entry())) {
        continue; // its length is settled by the identity cap, already charged
      }
      Renderer.Entry full = Renderer.Entry.of(current.entry().scored(), false);
      int max = current.tokens() + Math.min(spare, block.quotas().left(full));
      int cost = costs.full(full, current.member());
      Fitted longer = cost <= max ? new Fitted(full, cost) : shorten(full, max, current.member());
      if (longer != null && longer.tokens() > current.tokens()) {
        chosen.set(index, current.with(longer.entry(), longer.tokens(), current.member()));
        block.charge(longer.entry(), longer.tokens() - current.tokens(), true);
      }
    }
  }
}
