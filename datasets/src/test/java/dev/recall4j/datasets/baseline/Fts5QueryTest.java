package dev.recall4j.datasets.baseline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class Fts5QueryTest {
  @Test
  void quotesEachWordAndJoinsWithOr() {
    assertEquals(
        "\"What\" OR \"is\" OR \"Ann\" OR \"s\" OR \"dog\"", Fts5Query.of("What is Ann's dog?"));
    assertEquals("\"a\" OR \"AND\" OR \"b\"", Fts5Query.of("a AND b"));
    assertEquals("", Fts5Query.of("((( \" * - :"));
  }

  @Test
  void tokensFollowUnicode61Categories() {
    // Letters of any script and numbers (², Roman Ⅲ) are token characters; the combining acute
    // accent (category Mn) and the emoji (So) separate tokens, as in unicode61.
    assertEquals(
        List.of("Straße", "x²", "Ⅲ", "cafe", "日本語"),
        Fts5Query.tokens("Straße x² Ⅲ cafe\u0301 🤦 日本語"));
    assertEquals(List.of("e", "mail", "C", "3PO"), Fts5Query.tokens("e-mail C-3PO"));
  }
}
