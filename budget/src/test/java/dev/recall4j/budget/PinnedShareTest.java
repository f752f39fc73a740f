package dev.recall4j.budget;

import static dev.recall4j.budget.Fixtures.CHARS;
import static dev.recall4j.budget.Fixtures.pinned;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.recall4j.core.DropReason;
import dev.recall4j.core.DroppedItem;
import dev.recall4j.core.Kind;
import dev.recall4j.core.ScoredRecord;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Under one token per character: a pinned fact's line is {@code "- " + text + "\n"}, and the first
 * one also pays the frame and the {@code [project facts]} header (33).
 */
class PinnedShareTest {
  private static final BlockCosts COSTS = Fixtures.costs(CHARS);
  private static final String SENTENCES = "One two three. Four five six. Seven eight nine.";
  private static final List<ScoredRecord> PINS =
      List.of(
          pinned("p1", Kind.PROJECT_FACT, "First fact."),
          pinned("p2", Kind.PROJECT_FACT, SENTENCES + " " + SENTENCES),
          pinned("p3", Kind.PROJECT_FACT, "Tiny."));

  private static List<String> ids(Block block) {
    return block.chosen().stream().map(c -> c.entry().scored().id()).toList();
  }

  @Test
  void theFirstPinnedRecordOverTheShareIsShortenedAndTheRestLeftOut() {
    Quotas quotas = new Quotas(Map.of(Section.PROJECT_FACTS, 0), Map.of(), Map.of(), 200);
    Block block = new Block(200, COSTS, 1000, quotas);
    new PinnedShare(0.5, COSTS, new Shortening(COSTS, 5)).pack(PINS, block);
    assertEquals(List.of("p1", "p2"), ids(block), "p3 would fit, but after p2 nothing does");
    assertEquals("One two three. Four five six. […]", block.chosen().get(1).entry().text());
    assertEquals(200 - 33 - 14 - 36, block.left());
    assertEquals(0, quotas.left(block.chosen().get(0).entry()), "pinned lines use no quota");
    assertEquals(
        List.of(new DroppedItem("p3", DropReason.BUDGET, "the pinned cap of 100 tokens is used")),
        block.log().dropped());
    assertEquals(
        List.of(
            "pinned record p2 truncated from 98 to 36 tokens to fit the pinned cap of 100 tokens",
            "pinned record p3 left out: the pinned cap of 100 tokens is used"),
        block.log().warnings());
  }

  @Test
  void aPinnedRecordThatCannotBeShortenedIsLeftOutWithTheRoomItNeeded() {
    Block block = Fixtures.block(200, COSTS);
    new PinnedShare(0.5, COSTS, new Shortening(COSTS, 1000)).pack(PINS, block);
    assertEquals(List.of("p1"), ids(block));
    assertEquals(
        new DroppedItem("p2", DropReason.BUDGET, "needs 98 tokens, 53 left"),
        block.log().dropped().get(0));
    assertEquals(
        "pinned record p2 left out: needs 98 tokens, 53 left in the pinned cap",
        block.log().warnings().get(0));
    assertEquals(DropReason.BUDGET, block.log().dropped().get(1).reason());
  }

  @Test
  void aRepeatedPinnedRecordIsADuplicateNotACapOverrun() {
    Block block = Fixtures.block(200, COSTS);
    new PinnedShare(0.5, COSTS, new Shortening(COSTS, 5))
        .pack(List.of(PINS.get(0), PINS.get(0), PINS.get(2)), block);
    assertEquals(List.of("p1", "p3"), ids(block));
    assertEquals(DropReason.DUPLICATE, block.log().dropped().get(0).reason());
    assertEquals(List.of(), block.log().warnings());
  }

  @Test
  void aShareOfNothingLeavesEveryPinnedRecordOut() {
    Block block = Fixtures.block(200, COSTS);
    new PinnedShare(0, COSTS, new Shortening(COSTS, 5)).pack(PINS, block);
    assertEquals(List.of(), ids(block));
    assertEquals(3, block.log().dropped().size());
    assertEquals(200, block.left());
  }
}
