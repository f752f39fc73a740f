package dev.recall4j.budget;

import static dev.recall4j.budget.Fixtures.memory;
import static dev.recall4j.budget.Fixtures.pinned;
import static dev.recall4j.budget.PackerTest.assertMessage;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.Kind;
import dev.recall4j.core.PackedContext;
import dev.recall4j.core.RecalledItem;
import dev.recall4j.core.ScoredRecord;
import dev.recall4j.core.TokenCounter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The identity cap over the whole L0 block, and kind quotas given as shares of the budget. */
class PackerCapsTest {
  private static final TokenCounter COUNTER = TokenCounters.cl100k();

  private static String chars(String word, int length) {
    StringBuilder text = new StringBuilder();
    while (text.length() < length) {
      text.append(word).append(" is a sentence of the identity. ");
    }
    return text.substring(0, length - 1) + ".";
  }

  @Test
  void twoIdentitiesOf700CharactersShareTheCapOf1000() {
    ScoredRecord first = pinned("id-1", Kind.IDENTITY, chars("Alpha", 700));
    ScoredRecord second = pinned("id-2", Kind.IDENTITY, chars("Beta", 700));
    PackedContext packed =
        Packer.builder(COUNTER)
            .pinnedShare(1)
            .build()
            .pack(List.of(first, second), List.of(), 8000);
    String frame = "[memory context]\n[workspace profile]\n- \n- \n";
    int shown = packed.context().length() - frame.length();
    assertTrue(shown <= 1000, "identity characters shown: " + shown);
    assertTrue(shown > 900, "the second is cut, not dropped: " + packed.context());
    assertEquals(2, packed.items().size(), packed.items().toString());
    RecalledItem cut = packed.items().get(1);
    assertEquals("id-2", cut.record().id());
    assertTrue(cut.truncated());
    assertTrue(
        packed.warnings().stream().anyMatch(w -> w.startsWith("identity record id-2 cut from 700")),
        packed.warnings().toString());

    ScoredRecord third = pinned("id-3", Kind.IDENTITY, chars("Gamma", 700));
    PackedContext three =
        Packer.builder(COUNTER)
            .pinnedShare(1)
            .build()
            .pack(List.of(first, second, third), List.of(), 8000);
    assertFalse(three.items().stream().anyMatch(i -> i.record().id().equals("id-3")));
    assertEquals("id-3", three.dropped().get(0).id());
  }

  @Test
  void oneIdentityUnderTheCapIsShownWhole() {
    ScoredRecord only = pinned("id", Kind.IDENTITY, chars("Alpha", 1000));
    PackedContext packed =
        Packer.builder(COUNTER).pinnedShare(1).build().pack(List.of(only), List.of(), 8000);
    assertFalse(packed.items().get(0).truncated());
    assertTrue(packed.warnings().isEmpty(), packed.warnings().toString());
  }

  @Test
  void aKindShareCapsThatKindWhateverTheBudget() {
    List<ScoredRecord> ranked = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      ranked.add(memory("t" + i, Kind.TOOL_USE, null, Fixtures.sentences("Tool" + i, 3), 0.9));
      ranked.add(memory("w" + i, Kind.WORKFLOW, null, Fixtures.sentences("Flow" + i, 3), 0.8));
    }
    for (int budget : new int[] {300, 1000, 4000}) {
      Packer packer = Packer.builder(COUNTER).kindShare(Kind.TOOL_USE, 0.2).build();
      PackedContext packed = packer.pack(List.of(), ranked, budget);
      int toolTokens =
          packed.items().stream()
              .filter(i -> i.record().kind().equals(Kind.TOOL_USE))
              .mapToInt(RecalledItem::tokens)
              .sum();
      int limit = (int) Math.floor(budget / (1 + packer.safetyMargin()));
      assertTrue(toolTokens <= 0.2 * limit + 2, budget + ": tool_use took " + toolTokens);
      assertTrue(
          packed.items().stream().anyMatch(i -> i.record().kind().equals(Kind.WORKFLOW)),
          "the rest of the budget goes to the other kinds");
    }
    assertMessage("kindShare", () -> Packer.builder(COUNTER).kindShare(Kind.TOOL_USE, 1.5).build());
  }
}
