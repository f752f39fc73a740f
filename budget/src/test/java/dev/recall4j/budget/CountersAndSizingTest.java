package dev.recall4j.budget;

import static dev.recall4j.budget.PackerTest.assertMessage;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.TokenCounter;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class CountersAndSizingTest {

  @Test
  void countersByName() {
    assertSame(TokenCounters.heuristic(), TokenCounters.byName(" Heuristic "));
    assertEquals("cl100k", TokenCounters.byName("cl100k").name());
    assertEquals("o200k", TokenCounters.byName("O200K").name());
    IllegalArgumentException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class, () -> TokenCounters.byName("llama"));
    assertEquals(
        "tokenizer: unknown value \"llama\", expected one of heuristic, cl100k, o200k",
        e.getMessage());
    assertMessage("tokenizer", () -> TokenCounters.byName(" "));
  }

  @Test
  void countsOfKnownStrings() {
    for (TokenCounter c :
        new TokenCounter[] {
          TokenCounters.heuristic(), TokenCounters.cl100k(), TokenCounters.o200k()
        }) {
      assertEquals(0, c.count(""), c.name());
    }
    assertEquals(2, TokenCounters.cl100k().count("hello world"));
    assertEquals(2, TokenCounters.heuristic().count("hello world"));
    // Special-token text is ordinary text, never a control token.
    assertTrue(TokenCounters.cl100k().count("<|endoftext|>") > 1);
    // camelCase humps, digit groups of three, emoji.
    assertEquals(3, TokenCounters.heuristic().count("getTokenCount"));
    assertEquals(2, TokenCounters.heuristic().count("123456"));
    assertEquals(5, TokenCounters.heuristic().count("🙂🚀"));
  }

  @Test
  void budgetSizing() {
    assertEquals(512, BudgetSizing.budgetFor(OptionalInt.empty()));
    assertEquals(512, BudgetSizing.budgetFor(OptionalInt.empty(), 0.5));
    assertEquals(512, BudgetSizing.budgetFor(OptionalInt.of(2048)));
    assertEquals(1024, BudgetSizing.budgetFor(OptionalInt.of(4096), 0.25));
    assertEquals(8192, BudgetSizing.budgetFor(OptionalInt.of(8192), 1.0));
    assertEquals(2, BudgetSizing.budgetFor(OptionalInt.of(9), 0.25)); // floor
    assertMessage("budgetShare", () -> BudgetSizing.budgetFor(OptionalInt.of(2048), 0));
    assertMessage("budgetShare", () -> BudgetSizing.budgetFor(OptionalInt.of(2048), 1.01));
    assertMessage("budgetShare", () -> BudgetSizing.budgetFor(OptionalInt.empty(), Double.NaN));
    assertMessage("contextLength", () -> BudgetSizing.budgetFor(OptionalInt.of(0), 0.25));
  }

  @Test
  void cacheCountsOncePerKeyAndEvictsTheLeastRecentlyUsed() {
    TokenCountCache cache = new TokenCountCache(2);
    int[] calls = {0};
    java.util.function.Supplier<String> text =
        () -> {
          calls[0]++;
          return "hello world";
        };
    assertEquals(2, cache.count(TokenCounters.cl100k(), "h1", text));
    assertEquals(2, cache.count(TokenCounters.cl100k(), "h1", text));
    assertEquals(1, calls[0]);
    cache.count(TokenCounters.heuristic(), "h1", text); // another counter is another key
    cache.count(TokenCounters.cl100k(), "h2", text);
    assertEquals(2, cache.size());
    assertMessage("maxEntries", () -> new TokenCountCache(0));
  }
}
