package dev.recall4j.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The excerpt of a refused value is in the message, whether made at once or only when shown. */
class ChecksTest {
  @Test
  void anExcerptMadeWhenShownReadsAsOneMadeAtOnce() {
    String longText = "x".repeat(100);
    for (String text : new String[] {null, "short", longText}) {
      assertEquals(Checks.excerpt(text), String.valueOf(Checks.excerptIfShown(text)));
    }
  }

  @Test
  void refusedNamesIdsAndHashesStillShowTheirValue() {
    InvalidFieldException scope =
        assertThrows(InvalidFieldException.class, () -> new Scope("bad name", null, null, null));
    assertEquals("namespace", scope.field());
    assertTrue(scope.getMessage().endsWith("got \"bad name\""), scope.getMessage());
    InvalidFieldException id =
        assertThrows(
            InvalidFieldException.class,
            () ->
                MemoryRecord.builder()
                    .id("a b")
                    .silo(Silo.MEMORY)
                    .scope(Scope.of("ns"))
                    .content("c")
                    .build());
    assertTrue(id.getMessage().endsWith("got \"a b\""), id.getMessage());
  }
}
