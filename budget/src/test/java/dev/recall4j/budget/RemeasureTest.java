package dev.recall4j.budget;

import static dev.recall4j.budget.Fixtures.CHARS;
import static dev.recall4j.budget.Fixtures.memory;
import static dev.recall4j.budget.Fixtures.pinned;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.recall4j.core.DropReason;
import dev.recall4j.core.DroppedItem;
import dev.recall4j.core.Kind;
import dev.recall4j.core.PackedContext;
import dev.recall4j.core.RecalledItem;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Under one token per character, so that a block's exact count is its length. */
class RemeasureTest {
  private static final BlockCosts COSTS = Fixtures.costs(CHARS);
  private static final Remeasure REMEASURE = new Remeasure(COSTS);
  // Lines of 8, 18 and 19; with the frame and both headers the block is 100.
  private static final Renderer.Entry FACT =
      Renderer.Entry.of(pinned("p", Kind.PROJECT_FACT, "Fact."), true);
  private static final Renderer.Entry TOOL =
      Renderer.Entry.of(memory("a", Kind.TOOL_USE, null, "Tool.", 0.9), false);
  private static final Renderer.Entry OTHER =
      Renderer.Entry.of(memory("b", Kind.TOOL_USE, null, "Other.", 0.8), false);

  /** The three entries taken with their lines' exact counts, the ranked ones first. */
  private static Block block(int limit) {
    Block block = Fixtures.block(limit, COSTS);
    block.take(TOOL, 18, 0, true, null);
    block.take(OTHER, 19, 0, true, null);
    block.take(FACT, 8, 0, false, null);
    return block;
  }

  private static List<String> ids(PackedContext packed) {
    return packed.items().stream().map(i -> i.record().id()).toList();
  }

  @Test
  void theBlockIsRenderedInSectionOrderAndCountedExactly() {
    PackedContext packed = REMEASURE.finish(block(100), 120);
    assertEquals(
        "[memory context]\n[project facts]\n- Fact.\n"
            + "[relevant experience]\n- tool_use: Tool.\n- tool_use: Other.\n",
        packed.context());
    assertEquals(List.of("p", "a", "b"), ids(packed));
    assertEquals(List.of(8, 18, 19), packed.items().stream().map(RecalledItem::tokens).toList());
    assertEquals(100, packed.tokensUsed());
    assertEquals(120, packed.budgetTokens());
    assertEquals("chars", packed.tokenizer());
    assertEquals(List.of(), packed.dropped());
  }

  @Test
  void anOverrunRemovesTheLastTakenRankedRecordsUntilTheBlockFits() {
    PackedContext packed = REMEASURE.finish(block(81), 81);
    assertEquals(List.of("p", "a"), ids(packed));
    assertEquals(81, packed.tokensUsed());
    String detail = "left out after the exact count of the block exceeded the budget by 19 tokens";
    assertEquals(List.of(new DroppedItem("b", DropReason.BUDGET, detail)), packed.dropped());
    assertEquals(List.of(), packed.warnings());

    assertEquals(List.of("p"), ids(REMEASURE.finish(block(63), 63)));
  }

  @Test
  void pinnedRecordsAreRemovedLastAndWarnedAbout() {
    PackedContext packed = REMEASURE.finish(block(40), 40);
    assertEquals("", packed.context());
    assertEquals(List.of("b", "a", "p"), packed.dropped().stream().map(DroppedItem::id).toList());
    assertEquals(
        List.of(
            "pinned record p left out after the exact count of the block exceeded the budget by 60"
                + " tokens"),
        packed.warnings());
  }

  @Test
  void aGroupLeftWithOneMemberIsCountedAsAPlainLine() {
    Renderer.Entry hi = Renderer.Entry.of(memory("hi", Kind.TOOL_USE, "8 May", "Hi.", 0.9), false);
    Renderer.Entry bye =
        Renderer.Entry.of(memory("bye", Kind.TOOL_USE, "8 May", "Bye.", 0.8), false);
    Block block = Fixtures.block(70, COSTS);
    String group = block.groups().of(hi);
    block.take(hi, COSTS.full(hi, false), 0, true, group);
    block.take(bye, COSTS.full(bye, true), 0, true, group);
    PackedContext packed = REMEASURE.finish(block, 70);
    assertEquals(
        "[memory context]\n[relevant experience]\n- tool_use: 8 May. Hi.\n", packed.context());
    assertEquals("- tool_use: 8 May. Hi.\n".length(), packed.items().get(0).tokens());
  }
}
