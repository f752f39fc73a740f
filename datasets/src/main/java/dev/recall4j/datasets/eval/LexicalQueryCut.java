package dev.recall4j.datasets.eval;

import dev.recall4j.core.Checks;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A diagnostic, not a way to evaluate retrieval: it gives the lexical side (the engine's BM25 path,
 * the {@code bm25} mode, the status quo's FTS5 query) a cut-down query while the vector side keeps
 * the whole one. The shared collections have no case where the dense path leads BM25 by ~0.15-0.2
 * nDCG@10, as it does on collections users will bring; weakening the lexical query makes one out of
 * any collection (SciFact: dense leads by 0.14 with {@link #EVERY_SECOND}, 0.2 with {@link
 * #FIRST_HALF}), so a fusion's behaviour there can be measured and its parameters chosen on a
 * training split (docs/RESULTS.md, issue 23, "Dense-dominant check").
 */
public enum LexicalQueryCut {
  /** The whole query on both sides: a normal evaluation. */
  NONE("none"),
  /** The first half of the query's words (rounded up). */
  FIRST_HALF("first-half"),
  /** Every second word dropped: words 1, 3, 5, … kept. */
  EVERY_SECOND("every-second");

  private final String wireName;

  LexicalQueryCut(String wireName) {
    this.wireName = wireName;
  }

  /** The name on the command line and in the output JSON. */
  public String wireName() {
    return wireName;
  }

  /**
   * Parses {@code none}, {@code first-half} or {@code every-second}.
   *
   * @throws IllegalArgumentException naming {@code field} and listing the accepted values
   */
  public static LexicalQueryCut parse(String field, String text) {
    Checks.notBlank(text, field);
    String name = text.strip().toLowerCase(Locale.ROOT);
    for (LexicalQueryCut cut : values()) {
      if (cut.wireName.equals(name)) {
        return cut;
      }
    }
    throw new IllegalArgumentException(
        field + ": must be none, first-half or every-second, got " + Checks.excerpt(text));
  }

  /** The lexical side's query: {@code query} cut by this diagnostic (words split on whitespace). */
  public String apply(String query) {
    if (this == NONE) {
      return query;
    }
    String[] words = query.strip().split("\\s+");
    List<String> kept = new ArrayList<>();
    for (int i = 0; i < words.length; i++) {
      if (this == FIRST_HALF ? i < (words.length + 1) / 2 : i % 2 == 0) {
        kept.add(words[i]);
      }
    }
    return String.join(" ", kept);
  }
}
