package dev.recall4j.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Every check names its field apart from the message, so no caller parses the text. */
class InvalidFieldExceptionTest {
  @Test
  void theMessageIsTheFieldThenTheProblem() {
    InvalidFieldException e = new InvalidFieldException("budgetTokens", "must be >= 0, got -1");
    assertEquals("budgetTokens", e.field());
    assertEquals("must be >= 0, got -1", e.problem());
    assertEquals("budgetTokens: must be >= 0, got -1", e.getMessage());
  }

  @Test
  void checksThrowItWithTheirFieldAndUnchangedMessages() {
    InvalidFieldException require =
        assertThrows(
            InvalidFieldException.class,
            () -> Checks.require(false, "topK", "must be in [1, %d], got %d", 10, 0));
    assertEquals("topK", require.field());
    assertEquals("topK: must be in [1, 10], got 0", require.getMessage());
    InvalidFieldException surrogate =
        assertThrows(InvalidFieldException.class, () -> Checks.wellFormed("a\ud800", "content"));
    assertEquals("content", surrogate.field());
    assertEquals(
        "content: a lone UTF-16 surrogate (U+D800) at character 1, which UTF-8 cannot store;"
            + " remove it or complete the pair",
        surrogate.getMessage());
    assertEquals(
        "title",
        assertThrows(InvalidFieldException.class, () -> Checks.notBlank(" ", "title")).field());
    assertEquals(
        "scope",
        assertThrows(InvalidFieldException.class, () -> Checks.notNull(null, "scope")).field());
  }

  @Test
  void parsersNameTheFieldTheyWereGiven() {
    InvalidFieldException kind =
        assertThrows(InvalidFieldException.class, () -> Kind.parse("--kind", "Bad Kind!"));
    assertEquals("--kind", kind.field());
    assertEquals(
        "--kind: must be lower snake case ([a-z][a-z0-9_]{0,63}), got \"bad kind!\"",
        kind.getMessage());
    InvalidFieldException silo =
        assertThrows(InvalidFieldException.class, () -> Silo.parse("silo", "attic"));
    assertEquals("silo", silo.field());
    assertEquals("unknown value \"attic\", expected one of memory, rag, kb", silo.problem());
    assertEquals(
        "task",
        assertThrows(InvalidFieldException.class, () -> new Scope("ns", null, "a b", null))
            .field());
  }
}
