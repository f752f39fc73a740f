package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class TimeBoundTest {
  static final Instant NOW = Instant.parse("2026-11-25T12:00:00Z");

  @Test
  void readsDatesInstantsAndAges() {
    assertEquals(
        Instant.parse("2026-11-01T00:00:00Z"), TimeBound.parse("--since", "2026-11-01", NOW));
    assertEquals(
        Instant.parse("2026-11-01T09:30:00Z"),
        TimeBound.parse("--since", "2026-11-01T09:30:00Z", NOW));
    assertEquals(Instant.parse("2026-11-18T12:00:00Z"), TimeBound.parse("--since", "7d", NOW));
    assertEquals(Instant.parse("2026-11-25T00:00:00Z"), TimeBound.parse("--since", "12h", NOW));
    assertEquals(Instant.parse("2026-11-25T11:30:00Z"), TimeBound.parse("--since", "30m", NOW));
    assertEquals(Instant.parse("2026-11-11T12:00:00Z"), TimeBound.parse("--since", "2w", NOW));
    assertEquals(Instant.parse("2026-11-25T11:59:10Z"), TimeBound.parse("--since", " 50s ", NOW));
  }

  @Test
  void anythingElseIsAnErrorNamingTheField() {
    for (String bad : new String[] {"yesterday", "7 days", "-7d", "2026-13-01", "7y"}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> TimeBound.parse("--until", bad, NOW));
      assertTrue(e.getMessage().startsWith("--until: "), e.getMessage());
    }
  }
}
