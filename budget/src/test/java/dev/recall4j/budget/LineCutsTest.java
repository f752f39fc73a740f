package dev.recall4j.budget;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.ContentFacts;
import dev.recall4j.core.TokenCounter;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class LineCutsTest {
  // Words and separators of prose, code and other scripts, and every character that is
  // whitespace to the encodings but not to Character.isWhitespace (no-break spaces, NEL).
  private static final String[] WORDS =
      Stream.concat(
              Arrays.stream(Fixtures.MIXED_WORDS),
              Stream.of("x\u00a0", "\u2007", "\u202f", "\u0085", "\u3000", "\u00a0"))
          .toArray(String[]::new);
  private static final String[] SEPARATORS = {
    " ", " ", " ", "  ", "\n", " \n", "\t", ". ", ", ", "\n\n  ", "\u00a0 ", "\u00a0  ", "\u0085 "
  };

  /**
   * Every cut the counts know is counted exactly as the line it stands for, marked and alone; the
   * cuts they do not know say so.
   */
  @Property(tries = 200)
  void everyKnownCutCountsAsItsLineDoes(@ForAll long seed, @ForAll boolean o200k) {
    TokenCounter counter = o200k ? TokenCounters.o200k() : TokenCounters.cl100k();
    Random random = new Random(seed);
    StringBuilder text = new StringBuilder(WORDS[random.nextInt(WORDS.length)]);
    int words = random.nextInt(120);
    for (int i = 0; i < words; i++) {
      text.append(SEPARATORS[random.nextInt(SEPARATORS.length)])
          .append(WORDS[random.nextInt(WORDS.length)]);
    }
    String prefix = random.nextBoolean() ? "- fact: A title: " : "  - (notes.md#2) ";
    String suffix = random.nextBoolean() ? "\n" : "\n  source: notes.md\n";
    String body = text.toString();
    // Counted here, and from the piece counts stored when the record was written.
    ContentFacts facts = new ContentFacts("test", LineCuts.pieces(counter, body), new int[0]);
    LineCuts stored = LineCuts.of(counter, prefix, body, suffix, facts);
    assertEquals(counter.count(prefix + body + suffix), stored.full(), "seed " + seed);
    for (LineCuts cuts : List.of(LineCuts.of(counter, prefix, body, suffix), stored)) {
      int known = 0;
      for (int end = 1; end < body.length(); end++) {
        String cut = body.substring(0, end);
        String marked = cut + Cutter.MARKER;
        int line = cuts.marked(marked);
        int alone = cuts.alone(cut);
        if (PrefixBound.pieceStartsAt(body, end)) {
          known++;
          String at = "seed " + seed + ", cut at " + end;
          assertEquals(counter.count(prefix + marked + suffix), line, at);
          assertEquals(counter.count(cut), alone, at);
        } else {
          assertEquals(-1, line);
          assertEquals(-1, alone);
        }
      }
      assertTrue(known > 0 || words < 20, "a long text has cuts: seed " + seed);
      assertEquals(counter.count(prefix + Cutter.MARKER.strip() + suffix), cuts.bare());
      assertEquals(-1, cuts.marked("not the body" + Cutter.MARKER), "another text is not known");
    }
  }

  @Test
  void pieceCountsOfAnotherBodyAreNotUsed() {
    TokenCounter counter = TokenCounters.cl100k();
    String body = "three short words";
    ContentFacts other = new ContentFacts("test", new int[] {99, 99}, new int[0]);
    LineCuts cuts = LineCuts.of(counter, "- ", body, "\n", other);
    assertEquals(-1, cuts.full(), "two counts for three pieces: counted instead");
    assertEquals(counter.count("three short"), cuts.alone("three short"));
    assertNull(LineCuts.pieces(TokenCounters.heuristic(), body), "the heuristic does not add up");
  }

  @Test
  void aSpaceAfterWhitespaceOfTheEncodingsIsNoCut() {
    // Split after a whitespace character, the parts of a text count differently from the whole.
    TokenCounter counter = TokenCounters.o200k();
    String body = "x\u3000  x and more words";
    int split = 2;
    assertEquals(4, counter.count(body.substring(0, split)) + counter.count("  x"));
    assertEquals(3, counter.count("x\u3000  x"));
    assertEquals(-1, LineCuts.of(counter, "- ", body, "\n").alone(body.substring(0, split)));
    // The encodings' whitespace is Unicode's: also the no-break spaces and NEL, which
    // Character.isWhitespace leaves out.
    for (char space : new char[] {'\u3000', '\u00a0', '\u2007', '\u202f', '\u0085', '\t'}) {
      assertTrue(!PrefixBound.pieceStartsAt("x" + space + " y", 2), "after U+" + (int) space);
    }
    assertTrue(PrefixBound.pieceStartsAt("x. y", 2));
  }

  @Test
  void onlyTheShippedEncodingsGetCounts() {
    assertNull(LineCuts.of(TokenCounters.heuristic(), "- ", "some words here", "\n"));
    assertNull(LineCuts.of(Fixtures.CHARS, "- ", "some words here", "\n"));
  }
}
