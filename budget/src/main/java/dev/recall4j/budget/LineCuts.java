package dev.recall4j.budget;

import dev.recall4j.core.ContentFacts;
import dev.recall4j.core.TokenCounter;
import java.util.Arrays;

/**
 * The exact token count of a record's line ({@code prefix + body + suffix}) cut after any word of
 * its body and marked, from one pass over the line: what the {@link Cutter} asks while it searches
 * for the longest cut that fits, without tokenising the line again for every cut it tries.
 *
 * <p>Sound for the BPE encodings shipped only ({@link #of} returns null for other counters), for
 * the reason {@link PrefixBound} gives: no piece crosses a space that follows a non-space
 * character, and the pieces after it depend only on the text after it. So the line splits at each
 * such space into segments counted on their own, and a marked cut ending just before one costs the
 * segments before it plus the marker and suffix (the marker begins with such a space). A cut ending
 * elsewhere (before a line break) is not known here, and the caller counts it. Immutable.
 */
final class LineCuts {
  private final String body;
  // Positions in the body of a space after a non-space character, ascending.
  private final int[] ends;
  // Tokens of prefix + body[0, ends[i]).
  private final int[] withPrefix;
  // Tokens of body[0, ends[0]) without the prefix: the only segment the prefix can change.
  private final int firstAlone;
  // Tokens of the marker and the suffix together.
  private final int markedTail;
  // Tokens of the line showing nothing of the body but the marker.
  private final int bare;
  // Tokens of the whole line, when made from stored piece counts; else -1 (counted elsewhere).
  private final int full;

  private LineCuts(
      String body,
      int[] ends,
      int[] withPrefix,
      int firstAlone,
      int markedTail,
      int bare,
      int full) {
    this.body = body;
    this.ends = ends;
    this.withPrefix = withPrefix;
    this.firstAlone = firstAlone;
    this.markedTail = markedTail;
    this.bare = bare;
    this.full = full;
  }

  /** The counts of this line's cuts, or null when the counter's counts are not known to add up. */
  static LineCuts of(TokenCounter counter, String prefix, String body, String suffix) {
    return of(counter, prefix, body, suffix, null);
  }

  /**
   * {@link #of(TokenCounter, String, String, String)} from the body's piece counts made when the
   * record was written ({@link #pieces}; null, or counts of another body: none), which leaves only
   * the pieces the prefix and suffix touch to count, and gives the whole line's count too.
   */
  static LineCuts of(
      TokenCounter counter, String prefix, String body, String suffix, ContentFacts facts) {
    if (!(counter instanceof JtokkitTokenCounter)) {
      return null;
    }
    int[] ends = spacesAfterWords(body);
    boolean stored = facts != null && facts.pieceCount() == ends.length + 1;
    int[] pieces = stored ? facts.pieceTokens() : count(counter, body, ends);
    int[] withPrefix = new int[ends.length];
    int firstAlone = 0;
    if (ends.length > 0) {
      withPrefix[0] = counter.count(prefix + body.substring(0, ends[0]));
      firstAlone = pieces[0];
      for (int i = 1; i < ends.length; i++) {
        withPrefix[i] = withPrefix[i - 1] + pieces[i];
      }
    }
    int full = -1;
    if (stored) {
      full =
          ends.length == 0
              ? counter.count(prefix + body + suffix)
              : withPrefix[ends.length - 1]
                  + counter.count(body.substring(ends[ends.length - 1]) + suffix);
    }
    return new LineCuts(
        body,
        ends,
        withPrefix,
        firstAlone,
        counter.count(Cutter.MARKER + suffix),
        counter.count(prefix + Cutter.MARKER.strip() + suffix),
        full);
  }

  /**
   * The token count of each piece of {@code body} alone, split before every space that follows a
   * non-space character ({@link ContentFacts#pieceTokens}); null when the counter's counts are not
   * known to add up.
   */
  static int[] pieces(TokenCounter counter, String body) {
    return counter instanceof JtokkitTokenCounter
        ? count(counter, body, spacesAfterWords(body))
        : null;
  }

  /** The count of each piece of {@code body} split at {@code ends}, its last piece included. */
  private static int[] count(TokenCounter counter, String body, int[] ends) {
    int[] pieces = new int[ends.length + 1];
    int from = 0;
    for (int i = 0; i < ends.length; i++) {
      pieces[i] = counter.count(body.substring(from, ends[i]));
      from = ends[i];
    }
    pieces[ends.length] = counter.count(body.substring(from));
    return pieces;
  }

  /** The tokens of the whole line when made from stored piece counts, else -1. */
  int full() {
    return full;
  }

  /** The tokens of {@code prefix + "[…]" + suffix}: the line of a cut that shows no word. */
  int bare() {
    return bare;
  }

  /**
   * The tokens of {@code prefix + markedBody + suffix}, where {@code markedBody} is a cut of the
   * body followed by {@link Cutter#MARKER}; -1 when this does not know that cut.
   */
  int marked(String markedBody) {
    if (!markedBody.endsWith(Cutter.MARKER)) {
      return -1;
    }
    int i = cut(markedBody, markedBody.length() - Cutter.MARKER.length());
    return i < 0 ? -1 : withPrefix[i] + markedTail;
  }

  /**
   * The tokens of {@code bodyCut} alone, a cut of the body; -1 when this does not know that cut.
   */
  int alone(String bodyCut) {
    int i = cut(bodyCut, bodyCut.length());
    return i < 0 ? -1 : withPrefix[i] - withPrefix[0] + firstAlone;
  }

  /**
   * The index of the end at {@code length} when the text's first {@code length} chars begin the
   * body.
   */
  private int cut(String text, int length) {
    int i = Arrays.binarySearch(ends, length);
    return i >= 0 && body.regionMatches(0, text, 0, length) ? i : -1;
  }

  private static int[] spacesAfterWords(String body) {
    int[] out = new int[16];
    int n = 0;
    for (int i = 1; i < body.length(); i++) {
      if (PrefixBound.pieceStartsAt(body, i)) {
        if (n == out.length) {
          out = Arrays.copyOf(out, n * 2);
        }
        out[n++] = i;
      }
    }
    return Arrays.copyOf(out, n);
  }
}
