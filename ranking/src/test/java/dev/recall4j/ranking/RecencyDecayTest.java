package dev.recall4j.ranking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Scale;
import org.junit.jupiter.api.Test;

class RecencyDecayTest {
  private static final Instant T0 = Fixtures.T0;

  @Test
  void halvesPerHalfLifeDownToTheFloor() {
    RecencyDecay decay =
        RecencyDecay.builder().halfLife(Kind.TOOL_USE, Duration.ofDays(14)).floor(0.2).build();
    assertEquals(1.0, decay.factor(Kind.TOOL_USE, Duration.ZERO));
    assertEquals(0.5, decay.factor(Kind.TOOL_USE, Duration.ofDays(14)), 1e-15);
    assertEquals(0.25, decay.factor(Kind.TOOL_USE, Duration.ofDays(28)), 1e-15);
    assertEquals(0.2, decay.factor(Kind.TOOL_USE, Duration.ofDays(365)));
  }

  @Test
  void defaultsFollowTheIssue() {
    RecencyDecay d = RecencyDecay.defaults();
    assertEquals(Optional.empty(), d.halfLife(Kind.WORKSPACE_PROFILE));
    assertEquals(Optional.empty(), d.halfLife(Kind.PROJECT_FACT));
    assertEquals(Optional.empty(), d.halfLife(Kind.RAG_CHUNK));
    assertEquals(Optional.of(Duration.ofDays(14)), d.halfLife(Kind.TOOL_USE));
    assertEquals(Optional.of(Duration.ofDays(180)), d.halfLife(Kind.USER_PREFERENCE));
    assertEquals(Optional.of(Duration.ofDays(30)), d.halfLife(new Kind("agent_invented")));
    assertEquals(1.0, d.factor(Kind.RAG_CHUNK, Duration.ofDays(10_000)));
    assertEquals(RecencyDecay.DEFAULT_FLOOR, d.factor(Kind.TOOL_USE, Duration.ofDays(10_000)));
    assertEquals(1.0, RecencyDecay.none().factor(Kind.TOOL_USE, Duration.ofDays(10_000)));
    assertEquals(
        1.0, RecencyDecay.none().factor(new Kind("agent_invented"), Duration.ofDays(10_000)));
  }

  @Test
  void ageRunsFromUpdatedAndFromTheLastAccessOnlyWhenAsked() {
    RecencyDecay decay =
        RecencyDecay.builder().halfLife(Kind.TOOL_USE, Duration.ofDays(10)).floor(0.01).build();
    MemoryRecord.Builder b = Fixtures.rec("m", "use rg not grep").kind(Kind.TOOL_USE);
    Instant now = T0.plus(Duration.ofDays(20));
    assertEquals(0.25, decay.factor(b.build(), now), 1e-15);
    assertEquals(0.5, decay.factor(b.updated(T0.plus(Duration.ofDays(10))).build(), now), 1e-15);
    // By default an injection does not make a memory younger: accessed yesterday, still 10 days.
    MemoryRecord accessed = b.lastAccessed(T0.plus(Duration.ofDays(19))).build();
    assertEquals(0.5, decay.factor(accessed, now), 1e-15);
    // Asked to, access reinforces: accessed yesterday beats updated ten days ago.
    RecencyDecay refreshing =
        RecencyDecay.builder()
            .halfLife(Kind.TOOL_USE, Duration.ofDays(10))
            .floor(0.01)
            .refreshOnAccess(true)
            .build();
    assertEquals(Math.pow(2, -0.1), refreshing.factor(accessed, now), 1e-15);
    // A record touched after "now" (clock skew) is not decayed, nor boosted.
    assertEquals(1.0, decay.factor(b.build(), T0));
  }

  @Test
  void badSettingsFailNamingTheSetting() {
    RecencyDecay.Builder b = RecencyDecay.builder();
    assertEquals(
        "halfLife[tool_use]: must be positive, got PT-1H",
        assertThrows(
                IllegalArgumentException.class,
                () -> b.halfLife(Kind.TOOL_USE, Duration.ofHours(-1)))
            .getMessage());
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> b.halfLife(Kind.TOOL_USE, Duration.ZERO))
            .getMessage()
            .startsWith("halfLife[tool_use]:"));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> b.defaultHalfLife(Duration.ofDays(-1)))
            .getMessage()
            .startsWith("defaultHalfLife:"));
    assertEquals(
        "floor: must be in (0, 1], got 0.0",
        assertThrows(IllegalArgumentException.class, () -> b.floor(0)).getMessage());
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> b.floor(Double.NaN))
            .getMessage()
            .startsWith("floor:"));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> b.floor(1.5))
            .getMessage()
            .startsWith("floor:"));
  }

  @Property(tries = 500)
  void monotoneInAgeAndBoundedByTheFloor(
      @ForAll("halfLives") Duration halfLife,
      @ForAll @DoubleRange(min = 0.001, max = 1.0) @Scale(4) double floor,
      @ForAll @LongRange(min = 0, max = 3_000_000_000L) long ageSeconds,
      @ForAll @LongRange(min = 0, max = 3_000_000_000L) long extraSeconds) {
    RecencyDecay decay = RecencyDecay.builder().defaultHalfLife(halfLife).floor(floor).build();
    Kind kind = new Kind("anything");
    double younger = decay.factor(kind, Duration.ofSeconds(ageSeconds));
    double older = decay.factor(kind, Duration.ofSeconds(ageSeconds + extraSeconds));
    assertTrue(older <= younger, () -> "older " + older + " > younger " + younger);
    assertTrue(
        older >= floor && younger <= 1.0,
        () -> older + " below floor " + floor + " or " + younger + " above 1");
  }

  /**
   * The record path computes the age without a Duration; it must agree with the Duration path to
   * the bit.
   */
  @Property(tries = 500)
  void aRecordDecaysAsItsAgeSays(
      @ForAll("halfLives") Duration halfLife,
      @ForAll @LongRange(min = -100_000_000L, max = 3_000_000_000L) long ageSeconds,
      @ForAll @LongRange(min = 0, max = 999_999_999L) long touchedNanos,
      @ForAll @LongRange(min = 0, max = 999_999_999L) long nowNanos) {
    RecencyDecay decay = RecencyDecay.builder().defaultHalfLife(halfLife).build();
    Instant touched = T0.plusNanos(touchedNanos);
    Instant now = T0.plusSeconds(ageSeconds).plusNanos(nowNanos);
    MemoryRecord r = Fixtures.rec("a", "x").kind(new Kind("anything")).created(touched).build();
    Duration age = Duration.between(r.lastTouched(), now);
    assertEquals(
        decay.factor(r.kind(), age.isNegative() ? Duration.ZERO : age),
        decay.factor(r, now),
        () -> "age " + age);
  }

  @Provide
  Arbitrary<Duration> halfLives() {
    return Arbitraries.longs().between(1, 400L * 86_400).map(Duration::ofSeconds);
  }
}
