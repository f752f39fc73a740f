package dev.recall4j.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** One type for a packed budget, held by a recall's result. */
class PackedContextTest {
  private static final DroppedItem DUPLICATE = new DroppedItem("a", DropReason.DUPLICATE, "");
  private static final DroppedItem NO_ROOM = new DroppedItem("b", DropReason.BUDGET, "no room");

  private static PackedContext packed(List<DroppedItem> dropped, List<String> warnings) {
    return new PackedContext("[memory context]", List.of(), dropped, 100, 3, "cl100k", warnings);
  }

  @Test
  void aRecallReportsEarlierDropsFirstAndItsOwnWarningsLast() {
    PackedContext packed = packed(List.of(NO_ROOM), List.of("pinned record p truncated"));
    PackedContext recalled = packed.withEarlier(List.of(DUPLICATE), List.of("embedder error"));
    assertEquals(List.of(DUPLICATE, NO_ROOM), recalled.dropped());
    assertEquals(List.of("pinned record p truncated", "embedder error"), recalled.warnings());
    assertEquals(packed.context(), recalled.context());
    assertSame(packed, packed.withEarlier(List.of(), List.of()));
  }

  @Test
  void aResultReadsItsPackedContextAndTheFieldByFieldConstructorStillWorks() {
    PackedContext packed = packed(List.of(NO_ROOM), List.of("w"));
    RecallResult result = new RecallResult(packed, RetrievalMode.HYBRID, Map.of(Stage.PACK, 1.0));
    RecallResult same =
        new RecallResult(
            "[memory context]",
            List.of(),
            List.of(NO_ROOM),
            100,
            3,
            "cl100k",
            RetrievalMode.HYBRID,
            Map.of(Stage.PACK, 1.0),
            List.of("w"));
    assertEquals(result, same);
    assertEquals("[memory context]", same.context());
    assertEquals(List.of(NO_ROOM), same.dropped());
    assertEquals(100, same.budgetTokens());
    assertEquals(3, same.tokensUsed());
    assertEquals("cl100k", same.tokenizer());
    assertEquals(List.of("w"), same.warnings());
    InvalidFieldException over =
        assertThrows(
            InvalidFieldException.class,
            () ->
                new RecallResult(
                    "",
                    List.of(),
                    List.of(),
                    2,
                    3,
                    "cl100k",
                    RetrievalMode.HYBRID,
                    Map.of(),
                    List.of()));
    assertEquals("tokensUsed", over.field());
  }
}
