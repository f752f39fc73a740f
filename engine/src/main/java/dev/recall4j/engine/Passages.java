package dev.recall4j.engine;

import dev.recall4j.core.MemoryRecord;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The texts a record is embedded as: its whole text when short, else passages of at most a given
 * number of words, each headed by the record's title.
 *
 * <p>Why: one vector for a long text is a blur of everything it says (a 20-turn conversation
 * session, a long abstract), and a question about one fact in it finds that fact's passage far
 * better than the blur. Recall scores a record by its best passage (the store keeps one vector per
 * passage). Passages end at line breaks where they can, else at sentence ends, else inside a run of
 * words; they do not overlap.
 */
final class Passages {
  /** The smallest passage size accepted: shorter ones lose the context a model needs. */
  static final int MIN_WORDS = 16;

  private static final Pattern WHITESPACE = Pattern.compile("\\s+");
  private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?])\\s+");

  private Passages() {}

  /**
   * The texts to embed for {@code r}, in order: one when its text has at most {@code maxWords}
   * words (or {@code maxWords} is 0), else one per passage, at most {@code 1 +
   * MemoryRecord.MAX_PASSAGE_VECTORS} (a longer text gets longer passages).
   */
  static List<String> of(MemoryRecord r, int maxWords) {
    int contentWords = maxWords == 0 ? 0 : words(r.content());
    // The title's line break separates its words from the content's, so the counts add up.
    if (maxWords == 0 || contentWords + (r.title() == null ? 0 : words(r.title())) <= maxWords) {
      return List.of(embeddingText(r));
    }
    // Next-fit packing leaves any two neighbouring passages over the limit together, so it makes
    // fewer than 2 * words / limit + 2 of them: this limit keeps them within the record's maximum.
    int limit =
        Math.max(maxWords, -Math.floorDiv(-2 * contentWords, MemoryRecord.MAX_PASSAGE_VECTORS));
    String heading = r.title() == null ? "" : r.title() + "\n";
    List<String> passages = new ArrayList<>();
    StringBuilder passage = new StringBuilder();
    int passageWords = 0;
    for (String unit : units(r.content(), limit)) {
      int unitWords = words(unit);
      if (passageWords > 0 && passageWords + unitWords > limit) {
        passages.add(heading + passage);
        passage.setLength(0);
        passageWords = 0;
      }
      if (passageWords > 0) {
        passage.append('\n');
      }
      passage.append(unit);
      passageWords += unitWords;
    }
    if (passageWords > 0) {
      passages.add(heading + passage);
    }
    return passages;
  }

  /** The text a record is embedded by when it is one passage: title and content. */
  static String embeddingText(MemoryRecord r) {
    return r.title() == null ? r.content() : r.title() + "\n" + r.content();
  }

  /**
   * Lines, else sentences of a long line, else runs of words of a long sentence: none over {@code
   * limit} words.
   */
  private static List<String> units(String content, int limit) {
    List<String> units = new ArrayList<>();
    for (String line : content.split("\n")) {
      if (words(line) <= limit) {
        addNonBlank(units, line.strip());
        continue;
      }
      for (String sentence : SENTENCE_END.split(line.strip())) {
        if (words(sentence) <= limit) {
          addNonBlank(units, sentence);
          continue;
        }
        String[] all = WHITESPACE.split(sentence.strip());
        for (int from = 0; from < all.length; from += limit) {
          units.add(
              String.join(" ", Arrays.copyOfRange(all, from, Math.min(all.length, from + limit))));
        }
      }
    }
    return units;
  }

  private static void addNonBlank(List<String> units, String unit) {
    if (!unit.isBlank()) {
      units.add(unit);
    }
  }

  static int words(String text) {
    int words = 0;
    boolean inWord = false;
    for (int i = 0; i < text.length(); i++) {
      boolean space = Character.isWhitespace(text.charAt(i));
      if (!space && !inWord) {
        words++;
      }
      inWord = !space;
    }
    return words;
  }
}
