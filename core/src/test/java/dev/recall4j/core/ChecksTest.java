package dev.recall4j.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * The excerpt of a refused value is in the message, whether made at once or only when shown; the
 * fast paths of the checks every record read runs agree with the plain definitions.
 */
class ChecksTest {
  private static final char[] CHARS = {'a', 'é', '日', '\uD83D', '\uDE00', '\uDBFF', '\uDC00', ' '};

  /** A lone surrogate is found where the definition (a surrogate not in a pair) finds it. */
  @Property(tries = 500)
  void aLoneSurrogateIsFoundWhereTheDefinitionFindsIt(@ForAll Random random) {
    StringBuilder text = new StringBuilder();
    for (int i = 0, n = random.nextInt(20); i < n; i++) {
      text.append(CHARS[random.nextInt(CHARS.length)]);
    }
    String s = text.toString();
    int expected = -1;
    for (int i = 0; i < s.length(); i++) {
      if (Character.isHighSurrogate(s.charAt(i))
          && i + 1 < s.length()
          && Character.isLowSurrogate(s.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(s.charAt(i))) {
        expected = i;
        break;
      }
    }
    assertEquals(expected, Checks.loneSurrogate(s), s);
  }

  @Test
  void numbersOfARefusalAreFormattedAsGiven() {
    InvalidFieldException one =
        assertThrows(
            InvalidFieldException.class, () -> Checks.require(false, "n", "got %d", 1_000_000));
    assertEquals("n", one.field());
    assertTrue(one.getMessage().endsWith("got 1000000"), one.getMessage());
    InvalidFieldException two =
        assertThrows(
            InvalidFieldException.class,
            () -> Checks.require(false, "n", "at most %d, got %d", 5, 7L));
    assertTrue(two.getMessage().endsWith("at most 5, got 7"), two.getMessage());
    Checks.require(true, "n", "never formatted %d", 1);
  }

  @Test
  void anExcerptMadeWhenShownReadsAsOneMadeAtOnce() {
    String longText = "x".repeat(100);
    for (String text : new String[] {null, "short", longText}) {
      assertEquals(Checks.excerpt(text), String.valueOf(Checks.excerptIfShown(text)));
    }
  }

  @Test
  void refusedNamesIdsAndHashesStillShowTheirValue() {
    InvalidFieldException scope =
        assertThrows(InvalidFieldException.class, () -> new Scope("bad name", null, null, null));
    assertEquals("namespace", scope.field());
    assertTrue(scope.getMessage().endsWith("got \"bad name\""), scope.getMessage());
    InvalidFieldException id =
        assertThrows(
            InvalidFieldException.class,
            () ->
                MemoryRecord.builder()
                    .id("a b")
                    .silo(Silo.MEMORY)
                    .scope(Scope.of("ns"))
                    .content("c")
                    .build());
    assertTrue(id.getMessage().endsWith("got \"a b\""), id.getMessage());
  }
}
