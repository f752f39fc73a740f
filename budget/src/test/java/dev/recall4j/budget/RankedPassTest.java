package dev.recall4j.budget;

import static dev.recall4j.budget.Fixtures.CHARS;
import static dev.recall4j.budget.Fixtures.memory;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.DropReason;
import dev.recall4j.core.DroppedItem;
import dev.recall4j.core.Kind;
import dev.recall4j.core.ScoredRecord;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Under one token per character: a line is {@code "- tool_use: " + text + "\n"}, and the first one
 * also pays the frame and the {@code [relevant experience]} header (39).
 */
class RankedPassTest {
  private static final BlockCosts COSTS = Fixtures.costs(CHARS);
  private static final int FIRST = 39;
  // A line of 60.
  private static final ScoredRecord LONG =
      memory("long", Kind.TOOL_USE, null, "One two three. Four five six. Seven eight nine.", 0.9);
  // A line of 18.
  private static final ScoredRecord TINY = memory("tiny", Kind.TOOL_USE, null, "Tiny.", 0.5);

  private static RankedPass pass(double itemShare, int minCut) {
    return new RankedPass(0.3, itemShare, minCut, COSTS, new Shortening(COSTS, minCut));
  }

  private static List<String> ids(Block block) {
    return block.chosen().stream().map(c -> c.entry().scored().id()).toList();
  }

  @Test
  void aRecordUnderMinScoreIsDroppedWithItsScore() {
    Block block = Fixtures.block(200, COSTS);
    ScoredRecord low = memory("low", Kind.TOOL_USE, null, "Weak.", 0.1);
    pass(1, 5).pack(List.of(low, TINY), block);
    assertEquals(List.of("tiny"), ids(block));
    assertEquals(
        List.of(
            new DroppedItem(
                "low", DropReason.BELOW_THRESHOLD, "score 0.1000 is below minScore 0.3000")),
        block.log().dropped());
  }

  @Test
  void aLongRecordIsShortenedToTheItemShareWhileOthersFollow() {
    Block block = Fixtures.block(200, COSTS);
    List<Integer> shortened = pass(0.25, 5).pack(List.of(LONG, TINY), block);
    assertEquals(List.of(0), shortened);
    assertEquals("One two three. Four five six. […]", block.chosen().get(0).entry().text());
    assertTrue(block.chosen().get(0).tokens() <= 50, "a quarter of 200");
    assertEquals(List.of("long", "tiny"), ids(block));

    Block alone = Fixtures.block(200, COSTS);
    assertEquals(List.of(), pass(0.25, 5).pack(List.of(LONG), alone), "the last one is not capped");
    assertEquals(200 - FIRST - 60, alone.left());
  }

  @Test
  void overTheItemShareButNotShortenableTheWholeRecordBeatsNothing() {
    Block block = Fixtures.block(200, COSTS);
    assertEquals(List.of(), pass(0.25, 1000).pack(List.of(LONG, TINY), block));
    assertEquals(List.of("long", "tiny"), ids(block));
    assertEquals(200 - FIRST - 60 - 18, block.left());
  }

  @Test
  void aRecordThatDoesNotFitIsSkippedAndTheNextTried() {
    Block block = Fixtures.block(FIRST + 41, COSTS);
    pass(1, 1000).pack(List.of(LONG, TINY), block);
    assertEquals(List.of("tiny"), ids(block));
    assertEquals(
        new DroppedItem("long", DropReason.BUDGET, "needs more than the 41 tokens left"),
        block.log().dropped().get(0));

    Block full = Fixtures.block(FIRST - 1, COSTS);
    pass(1, 5).pack(List.of(TINY), full);
    assertEquals(
        List.of(new DroppedItem("tiny", DropReason.BUDGET, "no tokens left")),
        full.log().dropped());
  }

  @Test
  void quotasCapTheTokensOfAKindOrSection() {
    Quotas quotas = new Quotas(Map.of(), Map.of(Kind.TOOL_USE, 18), Map.of(), 200);
    Block block = new Block(200, COSTS, 1000, quotas);
    pass(1, 1000)
        .pack(List.of(LONG, TINY, memory("more", Kind.TOOL_USE, null, "More.", 0.4)), block);
    assertEquals(List.of("tiny"), ids(block));
    assertEquals(
        List.of(
            new DroppedItem(
                "long", DropReason.QUOTA, "needs 60 tokens, 18 left in its section or kind quota"),
            new DroppedItem(
                "more", DropReason.QUOTA, "no tokens left in its section or kind quota")),
        block.log().dropped());
  }

  @Test
  void aRecordJoiningAGroupPaysTheHeaderOnceAndItsMemberLine() {
    Block block = Fixtures.block(200, COSTS);
    ScoredRecord hi = memory("hi", Kind.TOOL_USE, "8 May", "Hi.", 0.9);
    ScoredRecord bye = memory("bye", Kind.TOOL_USE, "8 May", "Bye.", 0.8);
    pass(1, 5).pack(List.of(hi, bye), block);
    assertTrue(block.chosen().stream().allMatch(Choice::member));
    int header = "- tool_use: 8 May:\n".length();
    assertEquals(200 - FIRST - header - "  - Hi.\n".length() - "  - Bye.\n".length(), block.left());
  }
}
