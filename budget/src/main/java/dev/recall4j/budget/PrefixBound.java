package dev.recall4j.budget;

import dev.recall4j.core.TokenCounter;

/**
 * Tells, from a prefix of a text, that the text certainly has more than a number of tokens, so that
 * a long text need not be tokenised whole to learn that it does not fit.
 *
 * <p>Sound for the BPE encodings shipped (cl100k, o200k) only: they split the text into pieces
 * before merging bytes, no piece crosses a position where a space follows a non-space character (a
 * piece may start with that space, never end with it), and each piece is encoded on its own. So the
 * prefix ending just before such a space is encoded exactly as the text's first pieces are, and its
 * count is a lower bound on the text's. Other counters (a model's own tokenizer) get no bound.
 */
final class PrefixBound {
  // Looking at max + 1 tokens' worth of characters at this generous rate usually finds more than
  // max tokens in prose (about 4 characters a token) and code, and costs a short count.
  private static final int CHARS_PER_TOKEN = 8;

  private PrefixBound() {}

  /** True only when {@code counter.count(text) > max}; false means unknown. */
  static boolean exceeds(TokenCounter counter, String text, int max) {
    if (!(counter instanceof JtokkitTokenCounter)) {
      return false;
    }
    long window = (max + 1L) * CHARS_PER_TOKEN;
    if (window >= text.length()) {
      return false;
    }
    int end = (int) window;
    while (end > 0 && !pieceStartsAt(text, end)) {
      end--;
    }
    return end > 0 && counter.count(text.substring(0, end)) > max;
  }

  /**
   * Whether a piece of the shipped BPE encodings starts at {@code i} (0 < i < length) for certain:
   * a space after a character that is not whitespace to them. Their whitespace is Unicode's, which
   * also holds the no-break spaces and NEL that {@link Character#isWhitespace} leaves out; a space
   * after one of those may end a piece of whitespace instead.
   */
  static boolean pieceStartsAt(String text, int i) {
    char before = text.charAt(i - 1);
    return text.charAt(i) == ' '
        && !Character.isWhitespace(before)
        && !Character.isSpaceChar(before)
        && before != '\u0085';
  }
}
