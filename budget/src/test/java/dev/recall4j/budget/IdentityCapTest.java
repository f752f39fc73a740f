package dev.recall4j.budget;

import static dev.recall4j.budget.Fixtures.pinned;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.DropReason;
import dev.recall4j.core.DroppedItem;
import dev.recall4j.core.Kind;
import dev.recall4j.core.ScoreBreakdown;
import dev.recall4j.core.ScoredRecord;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Source;
import dev.recall4j.core.Tier;
import java.util.List;
import org.junit.jupiter.api.Test;

class IdentityCapTest {
  // 29 characters: sentences of 15 and 13, and the space between.
  private static final String TWO_SENTENCES = "I am the agent. I write Java.";

  @Test
  void otherKindsAreNeverCapped() {
    IdentityCap cap = new IdentityCap(10, new PackLog());
    ScoredRecord fact = pinned("f", Kind.PROJECT_FACT, TWO_SENTENCES);
    Renderer.Entry entry = cap.admit(fact, true);
    assertEquals(TWO_SENTENCES, entry.text());
    assertFalse(entry.truncated());
    assertFalse(IdentityCap.applies(entry));
  }

  @Test
  void identitiesShareTheCapAndTheOneCrossingItIsCutAtASentence() {
    PackLog log = new PackLog();
    IdentityCap cap = new IdentityCap(50, log);
    Renderer.Entry first = cap.admit(pinned("id-1", Kind.IDENTITY, TWO_SENTENCES), true);
    assertEquals(TWO_SENTENCES, first.text());
    cap.taken(first);
    Renderer.Entry second = cap.admit(pinned("id-2", Kind.IDENTITY, TWO_SENTENCES), true);
    assertEquals("I am the agent. […]", second.text(), "20 characters were left");
    assertTrue(second.truncated());
    assertTrue(second.pinned());
    assertEquals(
        List.of(
            "identity record id-2 cut from 29 to 19 characters to fit the identity cap of 50"
                + " characters in total"),
        log.warnings());
    assertTrue(log.dropped().isEmpty());
  }

  @Test
  void nothingFollowsTheRecordTheCapCuts() {
    PackLog log = new PackLog();
    IdentityCap cap = new IdentityCap(40, log);
    cap.taken(cap.admit(pinned("id-1", Kind.IDENTITY, TWO_SENTENCES + " " + TWO_SENTENCES), true));
    assertNull(cap.admit(pinned("id-2", Kind.IDENTITY, "Short."), true));
    String used = "the identity cap of 40 characters in total is used";
    assertEquals(List.of(new DroppedItem("id-2", DropReason.BUDGET, used)), log.dropped());
    assertEquals("identity record id-2 left out: " + used, log.warnings().get(1));
  }

  @Test
  void aCapThatCannotHoldTheMarkerLeavesTheRecordOut() {
    PackLog log = new PackLog();
    assertNull(new IdentityCap(4, log).admit(pinned("id", Kind.IDENTITY, TWO_SENTENCES), false));
    assertEquals(DropReason.BUDGET, log.dropped().get(0).reason());
  }

  @Test
  void identitiesAreTakenByPriorityThenRelevanceThenLengthNeverById() {
    // Seed 003: an over-long L0 row with a smaller id crowded out the user's name.
    ScoredRecord long0 = pinned("l0-01", Kind.IDENTITY, "x".repeat(2000));
    ScoredRecord name = pinned("l0-27", Kind.IDENTITY, "The user is Ada Lovelace.");
    ScoredRecord fact = pinned("fact", Kind.PROJECT_FACT, "Build with Maven.");
    ScoredRecord told =
        new ScoredRecord(
            Fixtures.record("l0-99", Silo.MEMORY, Kind.IDENTITY, "Call me Ada.")
                .tier(Tier.PINNED)
                .source(Source.USER_CORRECTION)
                .build(),
            ScoreBreakdown.pinned(1.0));
    List<ScoredRecord> ordered = IdentityCap.order(List.of(long0, fact, name, told));
    assertEquals(
        List.of("l0-99", "fact", "l0-27", "l0-01"),
        ordered.stream().map(ScoredRecord::id).toList(),
        "the correction first (trust), the short before the long, the fact in its place");
  }
}
