package dev.recall4j.budget;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.Checks;
import org.junit.jupiter.api.Test;

/** {@link Cutter#fitting}: the cut a caller outside the packer (a server's page) shows. */
class CutterTest {
  @Test
  void anAstralCharacterAtTheCutIsKeptWholeOrLeftOut() {
    // No word or sentence boundary: only grapheme boundaries, each emoji two UTF-16 units.
    String emoji = "\uD83D\uDE00".repeat(50);
    for (int limit = 2 + Cutter.MARKER.length(); limit < 40; limit++) {
      int max = limit;
      String cut = Cutter.fitting(emoji, 100, text -> text.length() <= max);
      assertEquals(-1, Checks.loneSurrogate(cut), cut);
      assertTrue(cut.endsWith(Cutter.MARKER), cut);
      assertTrue(cut.length() <= max, cut);
      // The longest fitting prefix: one more emoji would not fit.
      assertTrue(cut.length() + 2 > max, limit + ": " + cut);
    }
  }

  @Test
  void aCutEndsAtASentenceOrWordBoundaryAndIsMarked() {
    String text = "The tide turns at noon. The ferry waits for it. Then it leaves for the isle.";
    assertEquals(
        "The tide turns at noon. The ferry waits for it. […]",
        Cutter.fitting(text, 100, cut -> cut.length() <= 55));
    assertEquals("The tide turns […]", Cutter.fitting(text, 100, cut -> cut.length() <= 19));
  }

  @Test
  void whenNothingFitsTheMarkerAloneIsShown() {
    assertEquals("[…]", Cutter.fitting("\uD83D\uDE00 and more", 100, cut -> false));
  }
}
