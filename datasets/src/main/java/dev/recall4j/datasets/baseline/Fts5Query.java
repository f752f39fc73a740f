package dev.recall4j.datasets.baseline;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns what a user typed into an FTS5 MATCH expression that can never be a syntax error: the text
 * is cut into the tokens FTS5's {@code unicode61} tokenizer would see (runs of code points of the
 * Unicode categories L*, N* and Co, its default), each token is double-quoted so that words such as
 * {@code AND}, {@code NEAR} or {@code body:} stay words, and the tokens are joined with {@code OR}
 * so that, as in a BM25 engine, a document needs only some of the words to be found.
 */
final class Fts5Query {
  private Fts5Query() {}

  /** The MATCH expression, or the empty string when the text holds no token. */
  static String of(String text) {
    List<String> tokens = tokens(text);
    List<String> quoted = new ArrayList<>(tokens.size());
    for (String token : tokens) {
      // Tokens hold no '"' (not a letter or number), so quoting needs no escaping.
      quoted.add('"' + token + '"');
    }
    return String.join(" OR ", quoted);
  }

  /** The tokens of the text in order, repeats kept (a repeated word weighs twice, as in Lucene). */
  static List<String> tokens(String text) {
    List<String> tokens = new ArrayList<>();
    int start = -1;
    int i = 0;
    while (i < text.length()) {
      int cp = text.codePointAt(i);
      if (isTokenChar(cp)) {
        if (start < 0) {
          start = i;
        }
      } else if (start >= 0) {
        tokens.add(text.substring(start, i));
        start = -1;
      }
      i += Character.charCount(cp);
    }
    if (start >= 0) {
      tokens.add(text.substring(start));
    }
    return tokens;
  }

  private static boolean isTokenChar(int cp) {
    return switch (Character.getType(cp)) {
      case Character.UPPERCASE_LETTER,
          Character.LOWERCASE_LETTER,
          Character.TITLECASE_LETTER,
          Character.MODIFIER_LETTER,
          Character.OTHER_LETTER,
          Character.DECIMAL_DIGIT_NUMBER,
          Character.LETTER_NUMBER,
          Character.OTHER_NUMBER,
          Character.PRIVATE_USE ->
          true;
      default -> false;
    };
  }
}
