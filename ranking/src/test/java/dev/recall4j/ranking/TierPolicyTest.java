package dev.recall4j.ranking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.Kind;
import dev.recall4j.core.Tier;
import org.junit.jupiter.api.Test;

class TierPolicyTest {
  @Test
  void defaultPrioritiesFollowTheSeeds() {
    TierPolicy p = TierPolicy.strict();
    assertEquals(1, p.priority(Kind.WORKSPACE_PROFILE));
    assertEquals(2, p.priority(Kind.PROJECT_FACT));
    assertEquals(3, p.priority(Kind.TOOL_USE));
    assertEquals(3, p.priority(Kind.WORKFLOW));
    assertEquals(4, p.priority(Kind.USER_PREFERENCE));
    assertEquals(5, p.priority(Kind.RAG_CHUNK));
    assertEquals(6, p.priority(Kind.OBSERVATION));
    assertEquals(4, p.priority(new Kind("agent_invented")));
    assertEquals(2, p.priority(Fixtures.rec("x", "pinned fact").tier(Tier.PINNED).build()));
    assertEquals(2, p.priority(Fixtures.rec("x", "a fact").build()));
  }

  @Test
  void strictNeverBoostsAndBoostIsLinearFromFirstToLastTier() {
    assertTrue(TierPolicy.strict().isStrict());
    assertEquals(1.0, TierPolicy.strict().boostFactor(1));
    TierPolicy boost = TierPolicy.boost(0.5);
    assertFalse(boost.isStrict());
    assertEquals(1.5, boost.boostFactor(1), 1e-15);
    assertEquals(1.5, boost.boostFactor(TierPolicy.PINNED_PRIORITY), 1e-15);
    assertEquals(1.3, boost.boostFactor(3), 1e-15);
    assertEquals(1.0, boost.boostFactor(6), 1e-15);
  }

  @Test
  void prioritiesAreConfigurable() {
    TierPolicy p = TierPolicy.builder().priority(Kind.RAG_CHUNK, 1).unknownKindPriority(9).build();
    assertEquals(1, p.priority(Kind.RAG_CHUNK));
    assertEquals(9, p.priority(new Kind("agent_invented")));
  }

  @Test
  void badSettingsFailNamingTheSetting() {
    assertEquals(
        "priority[rag_chunk]: must be >= 1, got 0",
        assertThrows(
                IllegalArgumentException.class,
                () -> TierPolicy.builder().priority(Kind.RAG_CHUNK, 0))
            .getMessage());
    assertTrue(
        assertThrows(
                IllegalArgumentException.class, () -> TierPolicy.builder().unknownKindPriority(-1))
            .getMessage()
            .startsWith("unknownKindPriority:"));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> TierPolicy.boost(-0.1))
            .getMessage()
            .startsWith("strength:"));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> TierPolicy.boost(Double.NaN))
            .getMessage()
            .startsWith("strength:"));
  }
}
