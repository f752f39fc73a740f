package dev.recall4j.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Locale;
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

  @Test
  void everySpellingTheUpperCaseKeyAcceptedIsStillAccepted() {
    for (Class<? extends Enum<?>> type :
        List.of(Source.class, Tier.class, Status.class, Silo.class)) {
      for (Enum<?> constant : type.getEnumConstants()) {
        String wire = Wire.name(constant);
        for (String spelling :
            List.of(wire, wire.toUpperCase(Locale.ROOT), " " + wire.replace('_', '-') + "\t")) {
          assertEquals(constant, parse(type, spelling), spelling);
        }
      }
    }
    // Not ASCII, but upper-cased into a name (dotless i): the general path, as before.
    assertEquals(Status.ACTIVE, Status.parse("status", "act\u0131ve"));
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Enum<?> parse(Class<? extends Enum<?>> type, String value) {
    return Wire.parse((Class) type, "field", value);
  }
}
