package dev.recall4j.datasets.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class LexicalQueryCutTest {
  @Test
  void cutsTheQueryByWords() {
    String query = "  vitamin D deficiency  raises fracture risk ";
    assertEquals(query, LexicalQueryCut.NONE.apply(query));
    assertEquals("vitamin D deficiency", LexicalQueryCut.FIRST_HALF.apply(query));
    assertEquals("vitamin deficiency fracture", LexicalQueryCut.EVERY_SECOND.apply(query));
    // An odd count rounds up, so a one-word query keeps its word.
    assertEquals("a b", LexicalQueryCut.FIRST_HALF.apply("a b c"));
    assertEquals("word", LexicalQueryCut.FIRST_HALF.apply("word"));
    assertEquals("word", LexicalQueryCut.EVERY_SECOND.apply("word"));
  }

  @Test
  void parsesTheWireNamesAndNamesTheFieldOtherwise() {
    for (LexicalQueryCut cut : LexicalQueryCut.values()) {
      assertEquals(cut, LexicalQueryCut.parse("--diagnostic-lexical-query", cut.wireName()));
    }
    assertEquals(LexicalQueryCut.FIRST_HALF, LexicalQueryCut.parse("f", " First-Half "));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> LexicalQueryCut.parse("--diagnostic-lexical-query", "half"));
    assertEquals(
        "--diagnostic-lexical-query: must be none, first-half or every-second, got \"half\"",
        e.getMessage());
  }
}
