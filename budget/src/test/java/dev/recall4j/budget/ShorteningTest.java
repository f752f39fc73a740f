package dev.recall4j.budget;

import static dev.recall4j.budget.Fixtures.CHARS;
import static dev.recall4j.budget.Fixtures.memory;
import static dev.recall4j.budget.Fixtures.record;
import static dev.recall4j.budget.Fixtures.scored;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.recall4j.core.Kind;
import dev.recall4j.core.Silo;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Under one token per character, with the line {@code "- tool_use: " + text + "\n"}. */
class ShorteningTest {
  private static final BlockCosts COSTS = Fixtures.costs(CHARS);
  private static final int FRAME = "- tool_use: \n".length();
  private static final String TEXT = "One two three. Four five six. Seven eight nine.";
  private static final Renderer.Entry FULL = entry(Kind.TOOL_USE, TEXT);
  private static final String TWO_SENTENCES = "One two three. Four five six. […]";
  private static final Renderer.Entry WITH_SUMMARY =
      Renderer.Entry.of(
          scored(record("s", Silo.MEMORY, Kind.TOOL_USE, TEXT).summary("Short.").build(), 1),
          false);

  private static Renderer.Entry entry(Kind kind, String text) {
    return Renderer.Entry.of(memory("m", kind, null, text, 1), false);
  }

  @Test
  void theSummaryWhenItsLineFits() {
    Shortening shortening = new Shortening(COSTS, 32);
    Fitted fitted = shortening.shorten(WITH_SUMMARY, FRAME + 6, false);
    assertEquals(new Fitted(WITH_SUMMARY.withText("Short."), FRAME + 6), fitted);
    assertNull(shortening.shorten(WITH_SUMMARY, FRAME + 5, false), "no room for a cut of 32");
    assertNull(shortening.shorten(WITH_SUMMARY, 0, false));
  }

  @Test
  void aCutEndsAfterTheLastWholeSentenceThatFits() {
    Fitted fitted = new Shortening(COSTS, 5).shorten(FULL, FRAME + TWO_SENTENCES.length(), false);
    assertEquals(new Fitted(FULL.withText(TWO_SENTENCES), FRAME + TWO_SENTENCES.length()), fitted);
  }

  @Test
  void aSentenceCutThatWouldWasteTheRoomGivesWayToAWordCut() {
    // One character short of two sentences: one sentence would keep 18 of the 32 characters.
    Fitted fitted =
        new Shortening(COSTS, 5).shorten(FULL, FRAME + TWO_SENTENCES.length() - 1, false);
    assertEquals("One two three. Four five […]", fitted.entry().text());
  }

  @Test
  void aCutMustShowMinCutTokensOfTheRecordsOwnText() {
    int room = FRAME + TWO_SENTENCES.length();
    // The cut shows "One two three. Four five six." (29 characters) and nothing longer fits.
    assertEquals(
        TWO_SENTENCES, new Shortening(COSTS, 29).shorten(FULL, room, false).entry().text());
    assertNull(new Shortening(COSTS, 30).shorten(FULL, room, false));
    assertNull(new Shortening(COSTS, 50).shorten(FULL, 49, false), "the room is under the minimum");
  }

  @Test
  void aMemberLineIsShortenedUnderItsOwnPrefix() {
    Fitted fitted = new Shortening(COSTS, 5).shorten(FULL, "  - \n".length() + 33, true);
    assertEquals(new Fitted(FULL.withText(TWO_SENTENCES), "  - \n".length() + 33), fitted);
  }

  @Test
  void roomLeftAtTheEndRestoresAShortenedRecordInFull() {
    Shortening shortening = new Shortening(COSTS, 5);
    Block block = Fixtures.block(200, COSTS);
    takeShortened(block, shortening);
    int left = block.left();
    shortening.regrow(List.of(0), block);
    assertEquals(new Choice(FULL, FRAME + TEXT.length(), 0, null, false), block.chosen().get(0));
    assertEquals(left - (TEXT.length() - TWO_SENTENCES.length()), block.left());
  }

  @Test
  void regrowthStaysWithinTheRoomAndTheQuotas() {
    Shortening shortening = new Shortening(COSTS, 5);
    Quotas quotas = new Quotas(Map.of(), Map.of(Kind.TOOL_USE, FRAME + 36), Map.of(), 200);
    Block capped = new Block(200, COSTS, 1000, quotas);
    takeShortened(capped, shortening);
    shortening.regrow(List.of(0), capped);
    assertEquals(TWO_SENTENCES, capped.chosen().get(0).entry().text(), "3 more: no longer cut");

    Block full = Fixtures.block(FRAME + TWO_SENTENCES.length(), COSTS);
    takeShortened(full, shortening);
    shortening.regrow(List.of(0), full);
    assertEquals(TWO_SENTENCES, full.chosen().get(0).entry().text());
  }

  @Test
  void regrowthNeverTradesALineForAShorterOne() {
    Shortening shortening = new Shortening(COSTS, 5);
    Quotas quotas = new Quotas(Map.of(), Map.of(Kind.TOOL_USE, FRAME + 36), Map.of(), 200);
    Block block = new Block(200, COSTS, 1000, quotas);
    Renderer.Entry cut = WITH_SUMMARY.withText(TWO_SENTENCES);
    block.take(cut, FRAME + TWO_SENTENCES.length(), 0, true, null);
    shortening.regrow(List.of(0), block);
    assertEquals(cut, block.chosen().get(0).entry(), "the summary fits, but shows less");
  }

  @Test
  void anIdentityCutByItsCapIsNotRegrown() {
    Shortening shortening = new Shortening(COSTS, 5);
    Block block = Fixtures.block(200, COSTS);
    Renderer.Entry cut = entry(Kind.IDENTITY, TEXT).withText(TWO_SENTENCES);
    block.take(cut, 10, 0, true, null);
    shortening.regrow(List.of(0), block);
    assertEquals(new Choice(cut, 10, 0, null, false), block.chosen().get(0));
  }

  private static void takeShortened(Block block, Shortening shortening) {
    Fitted shorter = shortening.shorten(FULL, FRAME + TWO_SENTENCES.length(), false);
    block.take(shorter.entry(), shorter.tokens(), 0, true, null);
  }
}
