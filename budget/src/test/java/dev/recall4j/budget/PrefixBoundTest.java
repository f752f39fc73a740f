package dev.recall4j.budget;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.TokenCounter;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class PrefixBoundTest {
  private static final String[] WORDS = Fixtures.MIXED_WORDS;
  private static final String[] SEPARATORS = {
    " ", " ", " ", "  ", "\n", " \n", "\t", ". ", ", ", "\n\n  "
  };

  /** The bound never claims more tokens than the text has, whatever the text and the limit. */
  @Property(tries = 300)
  void neverClaimsMoreThanTheExactCount(
      @ForAll long seed, @ForAll @IntRange(min = 0, max = 300) int max, @ForAll boolean o200k) {
    TokenCounter counter = o200k ? TokenCounters.o200k() : TokenCounters.cl100k();
    Random random = new Random(seed);
    StringBuilder text = new StringBuilder();
    int words = random.nextInt(2000);
    for (int i = 0; i < words; i++) {
      text.append(WORDS[random.nextInt(WORDS.length)])
          .append(SEPARATORS[random.nextInt(SEPARATORS.length)]);
    }
    if (PrefixBound.exceeds(counter, text.toString(), max)) {
      assertTrue(counter.count(text.toString()) > max, "seed " + seed + ", max " + max);
    }
  }

  @Test
  void decidesALongProseTextWithoutCountingItAllAndNeverForOtherCounters() {
    String prose = Fixtures.sentences(200);
    assertTrue(PrefixBound.exceeds(TokenCounters.cl100k(), prose, 20));
    assertFalse(
        PrefixBound.exceeds(TokenCounters.cl100k(), prose, 5_000),
        "a window past the end is no bound");
    assertFalse(PrefixBound.exceeds(TokenCounters.heuristic(), prose, 20));
    assertFalse(
        PrefixBound.exceeds(TokenCounters.cl100k(), "记忆系统很重要".repeat(100), 5),
        "no space, no bound");
    for (TokenCounter counter : List.of(TokenCounters.cl100k(), TokenCounters.o200k())) {
      assertTrue(counter.count(prose) > 20);
    }
  }
}
