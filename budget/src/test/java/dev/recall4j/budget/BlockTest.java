package dev.recall4j.budget;

import static dev.recall4j.budget.Fixtures.CHARS;
import static dev.recall4j.budget.Fixtures.chunk;
import static dev.recall4j.budget.Fixtures.memory;
import static dev.recall4j.budget.Fixtures.pinned;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.Kind;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BlockTest {
  private static final BlockCosts COSTS = Fixtures.costs(CHARS);
  private static final Renderer.Entry TOOL =
      Renderer.Entry.of(memory("t", Kind.TOOL_USE, null, "Tool.", 1), false);
  private static final Renderer.Entry DOC =
      Renderer.Entry.of(chunk("c", "a.md", 0, "Doc.", 1), false);

  @Test
  void theFirstEntryPaysTheFrameAndEachSectionItsHeaderOnce() {
    Block block = Fixtures.block(1000, COSTS);
    int frame = "[memory context]\n".length();
    int experience = "[relevant experience]\n".length();
    assertEquals(frame + experience, block.overhead(Section.RELEVANT_EXPERIENCE));
    block.take(TOOL, 10, block.overhead(TOOL.section()), true, null);
    assertEquals(COSTS.separator(), block.overhead(Section.RELEVANT_EXPERIENCE));
    assertEquals(COSTS.separator() + "[knowledge]\n".length(), block.overhead(Section.KNOWLEDGE));
    assertEquals(1000 - frame - experience - 10, block.left());
  }

  @Test
  void takingAnEntryUpdatesEveryLedger() {
    Quotas quotas = new Quotas(Map.of(), Map.of(Kind.TOOL_USE, 50), Map.of(), 100);
    Block block = new Block(100, COSTS, 30, quotas);
    Renderer.Entry identity =
        block.identity().admit(pinned("me", Kind.IDENTITY, "I am the agent."), true);
    block.take(identity, 7, 3, false, null);
    block.take(TOOL, 20, 1, true, null);
    assertEquals(100 - 7 - 3 - 20 - 1, block.left());
    assertEquals(30, quotas.left(TOOL), "ranked lines only are charged to quotas");
    assertTrue(block.dedup().rejects(memory("t", Kind.WORKFLOW, null, "Edited.", 1)));
    Renderer.Entry more =
        block.identity().admit(pinned("me-2", Kind.IDENTITY, "I write Java code."), true);
    assertTrue(more.truncated(), "15 of the 30 identity characters are taken");
    assertEquals(2, block.chosen().size());
    assertEquals(new Choice(TOOL, 20, 1, null, false), block.chosen().get(1));
  }

  @Test
  void theGrowthOfALineIsChargedToTheBlockAndItsQuotas() {
    Quotas quotas = new Quotas(Map.of(Section.KNOWLEDGE, 40), Map.of(), Map.of(), 100);
    Block block = new Block(100, COSTS, 1000, quotas);
    block.take(DOC, 10, 0, true, null);
    block.charge(DOC, 5, true);
    assertEquals(85, block.left());
    assertEquals(25, quotas.left(DOC));
    block.charge(DOC, 5, false);
    assertEquals(80, block.left());
    assertEquals(25, quotas.left(DOC));
  }

  @Test
  void aGroupsSecondMemberTurnsTheFirstIntoAMemberLine() {
    Block block = Fixtures.block(1000, COSTS);
    Renderer.Entry first = Renderer.Entry.of(memory("a", Kind.TOOL_USE, "8 May", "Hi.", 1), false);
    Renderer.Entry second =
        Renderer.Entry.of(memory("b", Kind.TOOL_USE, "8 May", "Bye.", 1), false);
    String group = block.groups().of(first);
    block.take(first, COSTS.full(first, false), 0, true, group);
    block.take(second, COSTS.full(second, true), 0, true, group);
    assertTrue(block.chosen().stream().allMatch(Choice::member), block.chosen().toString());
  }
}
