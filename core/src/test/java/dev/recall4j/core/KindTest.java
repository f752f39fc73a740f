package dev.recall4j.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class KindTest {
  @Test
  void ofSharesTheBuiltInKindsAndChecksTheOthers() {
    assertSame(Kind.TOOL_USE, Kind.of(new String("tool_use")));
    assertSame(Kind.OBSERVATION, Kind.parse("kind", "Observation"));
    assertEquals(new Kind("design_note"), Kind.of("design_note"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Kind.of("Tool Use"));
    assertTrue(e.getMessage().startsWith("kind"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Kind.of(null));
  }
}
