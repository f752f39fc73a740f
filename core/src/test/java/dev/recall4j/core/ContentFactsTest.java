package dev.recall4j.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ContentFactsTest {
  private static final Instant NOW = Instant.parse("2026-11-27T10:00:00Z");

  @Test
  void badValuesNameTheirField() {
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> new ContentFacts(" ", null, new int[0]))
            .getMessage()
            .startsWith("layout"));
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> new ContentFacts("cl100k/block", new int[] {1, -2}, new int[0]))
            .getMessage()
            .startsWith("pieceTokens"));
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> new ContentFacts("cl100k/block", new int[0], new int[0]))
            .getMessage()
            .startsWith("pieceTokens"));
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> new ContentFacts("cl100k/block", null, new int[] {3, 3}))
            .getMessage()
            .startsWith("termHashes"));
  }

  @Test
  void arraysAreCopiedInAndOut() {
    int[] pieces = {2, 1};
    int[] terms = {-5, 7};
    ContentFacts facts = new ContentFacts("cl100k/block", pieces, terms);
    pieces[0] = 99;
    terms[0] = 99;
    facts.pieceTokens()[1] = 99;
    facts.termHashes()[1] = 99;
    assertArrayEquals(new int[] {2, 1}, facts.pieceTokens());
    assertArrayEquals(new int[] {-5, 7}, facts.termHashes());
    assertEquals(2, facts.pieceCount());
    assertEquals(0, new ContentFacts("heuristic/block", null, new int[0]).pieceCount());
    assertEquals(facts, new ContentFacts("cl100k/block", new int[] {2, 1}, new int[] {-5, 7}));
  }

  @Test
  void factsDecodedOnUseAreDecodedOnceAndOnlyWhenAskedFor() {
    AtomicInteger decoded = new AtomicInteger();
    ContentFacts eager = new ContentFacts("cl100k/block", new int[] {2, 1}, new int[] {4});
    ContentFacts lazy =
        ContentFacts.decodedOnUse(
            "cl100k/block",
            () -> {
              decoded.incrementAndGet();
              return eager;
            });
    assertEquals("cl100k/block", lazy.layout());
    assertEquals(0, decoded.get(), "the layout is known without decoding");
    assertEquals(2, lazy.pieceCount());
    assertEquals(1, lazy.pieceTokens(1));
    assertArrayEquals(new int[] {4}, lazy.termHashes());
    assertEquals(eager, lazy);
    assertEquals(1, decoded.get());
    ContentFacts wrong = ContentFacts.decodedOnUse("o200k/block", () -> eager);
    assertTrue(
        assertThrows(IllegalArgumentException.class, wrong::pieceCount)
            .getMessage()
            .startsWith("decode"));
  }

  @Test
  void derivedDataIsNotPartOfTheRecordAndGoesWithItsContent() {
    ContentFacts facts = new ContentFacts("cl100k/block", new int[] {3}, new int[] {1});
    MemoryRecord plain = MemoryRecordTest.valid().build(NOW);
    MemoryRecord withFacts = plain.toBuilder().contentFacts(facts).build();
    assertEquals(plain, withFacts);
    assertEquals(plain.hashCode(), withFacts.hashCode());
    assertSame(facts, withFacts.toBuilder().title("A title").build().contentFacts());
    assertNull(
        withFacts.toBuilder().content("Another text.").build().contentFacts(),
        "facts of the old content are dropped with it");
  }

  @Test
  void aDeriverAddsFactsOnlyWhereTheLayoutDiffers() {
    AtomicInteger derived = new AtomicInteger();
    ContentFacts.Deriver deriver =
        new ContentFacts.Deriver() {
          @Override
          public String layout() {
            return "o200k/block";
          }

          @Override
          public ContentFacts of(String content) {
            derived.incrementAndGet();
            return new ContentFacts(layout(), new int[] {content.length()}, new int[0]);
          }
        };
    MemoryRecord plain = MemoryRecordTest.valid().build(NOW);
    MemoryRecord other =
        plain.toBuilder()
            .contentFacts(new ContentFacts("cl100k/block", new int[] {1}, new int[0]))
            .build();
    MemoryRecord filled = deriver.withFacts(plain);
    assertEquals("o200k/block", filled.contentFacts().layout());
    assertEquals("o200k/block", deriver.withFacts(other).contentFacts().layout());
    assertSame(filled, deriver.withFacts(filled));
    assertEquals(2, derived.get());
  }
}
