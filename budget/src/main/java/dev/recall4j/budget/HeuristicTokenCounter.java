package dev.recall4j.budget;

import dev.recall4j.core.TokenCounter;

/*
 * A table-free estimate shaped after the pre-tokenisation of OpenAI's BPE encodings (cl100k_base,
 * o200k_base): text is split into pieces (a word hump with its leading space, a digit group of up
 * to three, a punctuation run, a whitespace run) and each piece is charged what BPE typically
 * spends on it. The per-length word costs and the punctuation and whitespace weights were fitted
 * on the shared datasets (prose: SciFact, Cranfield, LISA, LoCoMo; code: JDK java.base sources)
 * against jtokkit; the fit and the resulting error are in docs/DEFAULTS.md ("Token counting").
 *
 * camelCase identifiers are split at case changes because BPE vocabularies hold the humps
 * ("get", "Token", "Count") rather than the whole identifier. ALL-CAPS words cost more than
 * lower-case ones of the same length because vocabularies hold far fewer upper-case merges.
 * Scripts without spaces (Han, kana, Hangul) are charged per character; emoji and other
 * supplementary-plane symbols, which take 4 UTF-8 bytes, several tokens each.
 *
 * The fractional costs are summed and rounded up once, so the estimate of a concatenation is
 * within one token of the sum of the estimates of its parts.
 */
final class HeuristicTokenCounter implements TokenCounter {
  static final String NAME = "heuristic";

  // Tokens of a lower-case (or Capitalised) ASCII word hump by length; longer humps add LONG_STEP
  // per letter.
  private static final double[] LOWER = {
    0, 1, 1, 1, 1, 1, 1.07, 1.1, 1.15, 1.25, 1.35, 1.5, 1.6, 1.7
  };
  // Tokens of an upper-case run by length (LISA abstracts are all capitals).
  private static final double[] UPPER = {
    0, 1, 1, 1.05, 1.2, 1.5, 1.8, 2.0, 2.3, 2.6, 2.7, 2.8, 3.0
  };
  private static final double LONG_STEP = 0.4;
  private static final double PUNCT_FIRST = 0.9;
  private static final double PUNCT_NEXT = 0.3;
  private static final double NEWLINE = 0.7;
  private static final double INDENT = 0.3;
  private static final double SPACE_RUN = 1.0;
  private static final double CJK = 1.3;
  private static final double OTHER_LETTER = 1.0;
  private static final double OTHER_SYMBOL = 1.0;
  private static final double SUPPLEMENTARY_SYMBOL = 2.5;

  static final HeuristicTokenCounter INSTANCE = new HeuristicTokenCounter();

  private HeuristicTokenCounter() {}

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public int count(String text) {
    double tokens = 0;
    int n = text.length();
    int i = 0;
    while (i < n) {
      char c = text.charAt(i);
      if (isLower(c) || isUpper(c)) {
        int j = i;
        while (j < n && isUpper(text.charAt(j))) {
          j++;
        }
        int capitals = j - i;
        if (j < n && isLower(text.charAt(j))) {
          int start = i;
          if (capitals > 1) { // "HTTPServer": "HTTP" then "Server"
            tokens += upperCost(capitals - 1);
            start = j - 1;
          }
          int k = j;
          while (k < n && isLower(text.charAt(k))) {
            k++;
          }
          tokens += lowerCost(k - start);
          i = k;
        } else {
          tokens += upperCost(capitals);
          i = j;
        }
      } else if (isDigit(c)) {
        int j = i;
        while (j < n && isDigit(text.charAt(j))) {
          j++;
        }
        tokens += (j - i + 2) / 3; // BPE encodings group digits by at most three
        i = j;
      } else if (c == ' ') {
        int j = i;
        while (j < n && text.charAt(j) == ' ') {
          j++;
        }
        if (j - i > 1) { // a single space joins the next word's token
          tokens += SPACE_RUN;
        }
        i = j;
      } else if (c == '\n' || c == '\r' || c == '\t') {
        int j = i;
        int lastNewline = i;
        while (j < n && Character.isWhitespace(text.charAt(j))) {
          if (text.charAt(j) == '\n') {
            lastNewline = j;
          }
          j++;
        }
        tokens += NEWLINE;
        if (j - lastNewline > 2) {
          tokens += INDENT;
        }
        i = j;
      } else if (isAsciiPunctuation(c)) {
        int j = i;
        while (j < n && isAsciiPunctuation(text.charAt(j))) {
          j++;
        }
        tokens += PUNCT_FIRST + (j - i - 1) * PUNCT_NEXT;
        i = j;
      } else {
        int cp = text.codePointAt(i);
        tokens += nonAsciiCost(cp);
        i += Character.charCount(cp);
      }
    }
    return (int) Math.ceil(tokens);
  }

  private static double nonAsciiCost(int cp) {
    if (Character.isLetter(cp)) {
      Character.UnicodeScript script = Character.UnicodeScript.of(cp);
      return switch (script) {
        case HAN, HIRAGANA, KATAKANA, HANGUL -> CJK;
        default -> OTHER_LETTER;
      };
    }
    if (Character.isWhitespace(cp) || Character.isISOControl(cp)) {
      return NEWLINE;
    }
    return Character.isSupplementaryCodePoint(cp) ? SUPPLEMENTARY_SYMBOL : OTHER_SYMBOL;
  }

  private static double lowerCost(int length) {
    return length < LOWER.length
        ? LOWER[length]
        : LOWER[LOWER.length - 1] + (length - LOWER.length + 1) * LONG_STEP;
  }

  private static double upperCost(int length) {
    return length < UPPER.length
        ? UPPER[length]
        : UPPER[UPPER.length - 1] + (length - UPPER.length + 1) * LONG_STEP;
  }

  private static boolean isLower(char c) {
    return c >= 'a' && c <= 'z';
  }

  private static boolean isUpper(char c) {
    return c >= 'A' && c <= 'Z';
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static boolean isAsciiPunctuation(char c) {
    return c > ' ' && c < 127 && !isLower(c) && !isUpper(c) && !isDigit(c);
  }

  @Override
  public String toString() {
    return NAME;
  }
}
