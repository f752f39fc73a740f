package dev.recall4j.budget;

import dev.recall4j.core.ContentFacts;
import dev.recall4j.core.TokenCounter;

/**
 * What each piece of a rendered block costs in tokens: the frame, the separator and the section
 * headers (counted once per packer), and the records' lines.
 *
 * <p>A record's full line is counted once and cached across packs, keyed by the counter, the
 * renderer, the record's content hash and its line frame (prefix and suffix); {@link #full} is the
 * one place that looks it up, so a count made when the record was written can be plugged in there.
 * Lines showing less than the full content (a summary, a cut) are counted each time: they depend on
 * the room left. Immutable and thread-safe.
 */
final class BlockCosts {
  /** What {@link #full(Renderer.Entry, boolean, int)} returns for a line longer than the room. */
  static final int OVER = -1;

  // Records cut in one recall are mostly cut again in the next ones (the long chunks a question
  // finds); about 2 KB each for a chunk of 400 tokens.
  private static final int MAX_LINE_CUTS = 1_024;

  private final TokenCounter counter;
  private final Renderer renderer;
  private final TokenCountCache cache;
  private final int frame;
  private final int separator;
  private final int[] headers = new int[Section.values().length];
  private final Lru<LineCuts> lineCuts = new Lru<>(MAX_LINE_CUTS);
  private final BlockCount blockCount;
  private final String layout;

  BlockCosts(TokenCounter counter, Renderer renderer, TokenCountCache cache) {
    this.counter = counter;
    this.renderer = renderer;
    this.cache = cache;
    this.blockCount = new BlockCount(counter);
    this.layout = layout();
    this.frame = counter.count(renderer.open()) + counter.count(renderer.close());
    this.separator = counter.count(renderer.separator());
    for (Section s : Section.values()) {
      headers[s.ordinal()] = counter.count(renderer.sectionHeader(s));
    }
  }

  TokenCounter counter() {
    return counter;
  }

  Renderer renderer() {
    return renderer;
  }

  /** The block's opening and closing text together. */
  int frame() {
    return frame;
  }

  /** The text between two entries. */
  int separator() {
    return separator;
  }

  int header(Section section) {
    return headers[section.ordinal()];
  }

  /** The exact tokens of a rendered block ({@link BlockCount}). */
  int block(String text) {
    return blockCount.of(text);
  }

  /**
   * The tokens of the entry's line, as an item or as a group {@code member}: cached when it shows
   * the record's full content.
   */
  int full(Renderer.Entry entry, boolean member) {
    return full(entry, member, Integer.MAX_VALUE);
  }

  /**
   * The tokens of the entry's full line; or {@link #OVER}, meaning more than {@code room}, when
   * that is certain from a prefix of a line not counted before ({@link PrefixBound}): once the
   * block is nearly full, the candidates left are not tokenised whole just to learn that they do
   * not fit.
   */
  int full(Renderer.Entry entry, boolean member, int room) {
    if (entry.truncated()) {
      // A line cut short (the identity cap's cut) is not the record's full line: its count must
      // never be cached under the record's key, where the whole record would later find it.
      int shown = shown(entry, member);
      return shown > room ? OVER : shown;
    }
    String prefix = prefix(entry, member);
    String suffix = renderer.itemSuffix(entry);
    String key = key(entry, prefix, suffix);
    Integer known = cache.peek(counter, key);
    if (known != null) {
      return known;
    }
    if (factsOf(entry) != null) {
      LineCuts cuts = cuts(entry, prefix, suffix);
      if (cuts != null && cuts.full() >= 0) {
        cache.remember(counter, key, cuts.full());
        return cuts.full();
      }
    }
    // The largest room this line is already known to exceed, remembered beside exact counts.
    String overKey = key + "\u0000over";
    Integer over = cache.peek(counter, overKey);
    if (over != null && over >= room) {
      return OVER;
    }
    String line = prefix + renderer.body(entry.text()) + suffix;
    if (PrefixBound.exceeds(counter, line, room)) {
      cache.remember(counter, overKey, room);
      return OVER;
    }
    return cache.count(counter, key, () -> line);
  }

  /**
   * The counts of the cuts of the entry's full line ({@code prefix}, its full content, {@code
   * suffix}), made on first use and kept for the records cut most recently; null for a counter
   * whose counts do not add up ({@link LineCuts#of}).
   */
  LineCuts cuts(Renderer.Entry entry, String prefix, String suffix) {
    String key = key(entry, prefix, suffix);
    LineCuts known = lineCuts.get(key);
    if (known != null) {
      return known;
    }
    LineCuts made =
        LineCuts.of(
            counter,
            prefix,
            renderer.body(entry.scored().record().content()),
            suffix,
            factsOf(entry));
    if (made != null) {
      lineCuts.put(key, made);
    }
    return made;
  }

  /**
   * What {@link ContentFacts} of this layout are named by: the counter and the renderer, whose
   * {@link Renderer#body} the pieces were counted on.
   */
  String layout() {
    return counter.name() + '/' + renderer.name();
  }

  /** The piece counts of a content for this layout ({@link LineCuts#pieces}), or null. */
  int[] pieceTokens(String content) {
    return LineCuts.pieces(counter, renderer.body(content));
  }

  /** The record's facts when made for this layout, else null. */
  private ContentFacts factsOf(Renderer.Entry entry) {
    ContentFacts facts = entry.scored().record().contentFacts();
    return facts != null && facts.pieceCount() > 0 && facts.layout().equals(layout) ? facts : null;
  }

  private String key(Renderer.Entry entry, String prefix, String suffix) {
    return renderer.name()
        + '\u0000'
        + entry.scored().record().contentHash()
        + '\u0000'
        + prefix
        + '\u0000'
        + suffix;
  }

  /** The tokens of the entry's line as shown, whatever its text; not cached. */
  int shown(Renderer.Entry entry, boolean member) {
    return counter.count(member ? renderer.member(entry) : renderer.item(entry));
  }

  /** The tokens of the entry's line inside a group: cached when it shows the full content. */
  int member(Renderer.Entry entry) {
    return entry.truncated() ? shown(entry, true) : full(entry, true);
  }

  /** What precedes the entry's text on its line. */
  String prefix(Renderer.Entry entry, boolean member) {
    return member ? renderer.memberPrefix(entry) : renderer.itemPrefix(entry);
  }
}
