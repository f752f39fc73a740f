package dev.recall4j.budget;

import java.text.BreakIterator;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * Cuts a text to the longest prefix that still fits, preferring a sentence boundary (unless that
 * keeps much less than a word boundary would), then a word boundary, then a grapheme boundary (so a
 * surrogate pair or an emoji sequence is never split), and marks the cut with {@link #MARKER}. The
 * packer cuts records with it, and {@link #fitting} serves any other caller that shows a record
 * within a token ceiling (a server's pages).
 */
public final class Cutter {
  /** Appended to every cut text so that the reader sees that more exists. */
  static final String MARKER = " […]";

  // A token rarely spans more characters than this; it bounds the text scanned for a cut.
  static final int MAX_CHARS_PER_TOKEN = 16;

  /*
   * A cut ends after a whole sentence when that keeps at least this share of what a cut at a word
   * boundary keeps; below it, the sentence cut would leave much of the room unused (a long
   * sentence, or one long record cut into little room), and the words are worth more than the
   * clean end.
   */
  private static final double WHOLE_SENTENCES_SHARE = 0.75;

  private Cutter() {}

  /**
   * The longest marked prefix of {@code text} that {@code fits} accepts, looking at the first
   * {@code maxChars} characters at most, provided it {@code shows} enough of the text (a sentence
   * cut that does not falls back to the word cut); null when no such prefix exists.
   *
   * <p>Binary search over boundaries: it assumes that a longer prefix never costs fewer tokens,
   * true of the counters shipped up to a token at a merge boundary; the caller re-checks the result
   * against the exact count of the whole block anyway.
   */
  static String cut(String text, int maxChars, Predicate<String> fits, Predicate<String> shows) {
    int window = Math.min(text.length(), Math.max(1, maxChars));
    if (window < text.length() && Character.isHighSurrogate(text.charAt(window - 1))) {
      window--;
    }
    String head = text.substring(0, window);
    String sentence =
        longestFitting(text, breaks(BreakIterator.getSentenceInstance(Locale.ROOT), head), fits);
    int[] words = wordBreaks(head);
    if (sentence != null && shows.test(sentence)) {
      // Only word cuts that the sentence cut would waste room against are worth searching.
      int from = firstAtLeast(words, (int) Math.ceil(sentence.length() / WHOLE_SENTENCES_SHARE));
      String candidate = from < words.length ? candidate(text, words[from]) : null;
      if (candidate == null || !fits.test(candidate)) {
        return sentence;
      }
      return longestFitting(text, Arrays.copyOfRange(words, from, words.length), fits);
    }
    String word = longestFitting(text, words, fits);
    if (word == null) {
      word =
          longestFitting(text, breaks(BreakIterator.getCharacterInstance(Locale.ROOT), head), fits);
    }
    return word != null && shows.test(word) ? word : null;
  }

  /**
   * The longest marked cut of {@code text} that {@code fits} accepts, for text shown within {@code
   * maxTokens} (only as many characters as that many tokens could span are looked at); the marker
   * alone when not even the first grapheme fits.
   */
  public static String fitting(String text, int maxTokens, Predicate<String> fits) {
    int maxChars = (int) Math.min(Integer.MAX_VALUE, (long) maxTokens * MAX_CHARS_PER_TOKEN);
    String cut = cut(text, maxChars, fits, any -> true);
    return cut != null ? cut : MARKER.strip();
  }

  /** A cut's text without its marker. */
  static String unmarked(String cut) {
    return cut.endsWith(MARKER) ? cut.substring(0, cut.length() - MARKER.length()) : cut;
  }

  /** The index of the first boundary at or after {@code position}, or the length when none is. */
  private static int firstAtLeast(int[] boundaries, int position) {
    int i = Arrays.binarySearch(boundaries, position);
    return i >= 0 ? i : -i - 1;
  }

  private static String longestFitting(String text, int[] boundaries, Predicate<String> fits) {
    String best = null;
    int lo = 0;
    int hi = boundaries.length - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      String candidate = candidate(text, boundaries[mid]);
      if (candidate != null && fits.test(candidate)) {
        best = candidate;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return best;
  }

  private static String candidate(String text, int end) {
    String prefix = text.substring(0, end).stripTrailing();
    return prefix.isEmpty() ? null : prefix + MARKER;
  }

  /**
   * Boundaries strictly inside the window: its end is either no cut at all or an artificial one.
   */
  private static int[] breaks(BreakIterator iterator, String head) {
    iterator.setText(head);
    int[] out = new int[16];
    int n = 0;
    for (int b = iterator.next(); b != BreakIterator.DONE; b = iterator.next()) {
      if (b >= head.length()) {
        break;
      }
      if (n == out.length) {
        out = Arrays.copyOf(out, n * 2);
      }
      out[n++] = b;
    }
    return Arrays.copyOf(out, n);
  }

  private static int[] wordBreaks(String head) {
    int[] out = new int[16];
    int n = 0;
    for (int i = 1; i < head.length(); i++) {
      if (Character.isWhitespace(head.charAt(i)) && !Character.isWhitespace(head.charAt(i - 1))) {
        if (n == out.length) {
          out = Arrays.copyOf(out, n * 2);
        }
        out[n++] = i;
      }
    }
    return Arrays.copyOf(out, n);
  }
}
