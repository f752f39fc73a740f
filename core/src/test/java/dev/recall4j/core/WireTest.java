package dev.recall4j.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class WireTest {
  @Test
  void parsesCaseInsensitivelyAndNamesTheFieldOnError() {
    assertEquals(Source.USER_CORRECTION, Source.parse("source", "User-Correction"));
    assertEquals("user_correction", Wire.name(Source.USER_CORRECTION));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Silo.parse("silo", "notes"));
    assertEquals("silo: unknown value \"notes\", expected one of memory, rag, kb", e.getMessage());
  }
}
