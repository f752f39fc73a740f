package dev.recall4j.budget;

import static dev.recall4j.budget.Fixtures.chunk;
import static dev.recall4j.budget.Fixtures.memory;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.recall4j.core.Kind;
import java.util.Map;
import org.junit.jupiter.api.Test;

class QuotasTest {
  private static final Renderer.Entry TOOL =
      Renderer.Entry.of(memory("t", Kind.TOOL_USE, null, "Tool.", 1), false);
  private static final Renderer.Entry FLOW =
      Renderer.Entry.of(memory("w", Kind.WORKFLOW, null, "Flow.", 1), false);
  private static final Renderer.Entry DOC =
      Renderer.Entry.of(chunk("c", "a.md", 0, "Doc.", 1), false);

  @Test
  void withoutQuotasNothingIsCapped() {
    Quotas quotas = new Quotas(Map.of(), Map.of(), Map.of(), 100);
    quotas.charge(TOOL, 1_000);
    assertEquals(Integer.MAX_VALUE, quotas.left(TOOL));
  }

  @Test
  void aSectionQuotaIsSharedByTheKindsInIt() {
    Quotas quotas = new Quotas(Map.of(Section.RELEVANT_EXPERIENCE, 50), Map.of(), Map.of(), 100);
    quotas.charge(TOOL, 20);
    quotas.charge(FLOW, 10);
    assertEquals(20, quotas.left(TOOL));
    assertEquals(20, quotas.left(FLOW));
    assertEquals(Integer.MAX_VALUE, quotas.left(DOC));
  }

  @Test
  void theLowerOfTheSectionAndTheKindQuotaApplies() {
    Quotas quotas =
        new Quotas(
            Map.of(Section.RELEVANT_EXPERIENCE, 50), Map.of(Kind.TOOL_USE, 30), Map.of(), 100);
    assertEquals(30, quotas.left(TOOL));
    quotas.charge(FLOW, 40);
    assertEquals(10, quotas.left(TOOL));
    quotas.charge(TOOL, 25);
    assertEquals(-15, quotas.left(FLOW), "overrun shows as less than nothing");
  }

  @Test
  void aKindShareIsAShareOfThisBudgetAndLowersAKindQuota() {
    Map<Kind, Integer> tokens = Map.of(Kind.TOOL_USE, 100);
    Map<Kind, Double> shares = Map.of(Kind.TOOL_USE, 0.1, Kind.WORKFLOW, 0.25);
    Quotas small = new Quotas(Map.of(), tokens, shares, 501);
    assertEquals(50, small.left(TOOL));
    assertEquals(125, small.left(FLOW));
    Quotas large = new Quotas(Map.of(), tokens, shares, 4000);
    assertEquals(100, large.left(TOOL));
    assertEquals(1000, large.left(FLOW));
  }
}
