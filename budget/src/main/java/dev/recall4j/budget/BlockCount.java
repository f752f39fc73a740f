package dev.recall4j.budget;

import dev.recall4j.core.TokenCounter;

/**
 * The exact token count of a rendered block, made without tokenising again the lines that earlier
 * blocks showed: the final count of every pack, which was a quarter of a small index's recall
 * (issue 35).
 *
 * <p>Sound for the BPE encodings shipped (cl100k, o200k) only, for the reason {@link PrefixBound}
 * gives for spaces: they split a text into pieces before merging bytes and encode each piece on its
 * own, and no piece of theirs runs from a line break into a following character that is neither
 * whitespace nor, in o200k, a slash (a punctuation piece may end in breaks, and in o200k slashes).
 * So a block splits after each line break followed by any other character into chunks whose counts
 * add up to the block's, and a chunk's count is remembered by its text: the same record shows the
 * same line in recall after recall. Other counters count the block whole. Thread-safe: the
 * remembered counts are an {@link Lru} weighed by characters.
 */
final class BlockCount {
  /**
   * Characters of chunks remembered at most: about 1 MB, a few hundred recalls' worth of distinct
   * lines, small beside the 48 MB heap an agent on a Raspberry Pi runs with.
   */
  static final int MAX_CHARS = 512 * 1024;

  /** A chunk longer than this is counted, not remembered: it would push out dozens of lines. */
  static final int MAX_CHUNK_CHARS = MAX_CHARS / 64;

  private final TokenCounter counter;
  private final boolean chunked;
  private final Lru<Integer> counts = new Lru<>(MAX_CHARS, String::length);

  BlockCount(TokenCounter counter) {
    this.counter = counter;
    this.chunked = counter instanceof JtokkitTokenCounter;
  }

  /** The tokens of {@code block}, exactly what the counter counts for it whole. */
  int of(String block) {
    if (!chunked) {
      return counter.count(block);
    }
    int total = 0;
    int from = 0;
    for (int i = block.indexOf('\n') + 1; i > 0 && i < block.length(); ) {
      if (pieceStartsAfterBreak(block.charAt(i))) {
        total += chunk(block.substring(from, i));
        from = i;
      }
      i = block.indexOf('\n', i) + 1;
    }
    return total + chunk(block.substring(from));
  }

  /**
   * Whether a piece of the shipped encodings starts at a character that follows a line break: one
   * that is not whitespace to them (Unicode's, as {@link PrefixBound#pieceStartsAt} reads it) and
   * not the slash o200k's punctuation pieces take after a break.
   */
  static boolean pieceStartsAfterBreak(char c) {
    return !Character.isWhitespace(c) && !Character.isSpaceChar(c) && c != '\u0085' && c != '/';
  }

  private int chunk(String text) {
    Integer known = counts.get(text);
    if (known != null) {
      return known;
    }
    // Counted outside the lock, as TokenCountCache does: two threads may both count a new line.
    int n = counter.count(text);
    if (text.length() <= MAX_CHUNK_CHARS) {
      counts.put(text, n);
    }
    return n;
  }

  /** The characters of the chunks remembered (for tests of the bound). */
  long rememberedChars() {
    return counts.weight();
  }
}
