package dev.recall4j.budget;

import static dev.recall4j.budget.Fixtures.memory;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.DropReason;
import dev.recall4j.core.DroppedItem;
import dev.recall4j.core.Kind;
import dev.recall4j.core.ScoredRecord;
import java.util.List;
import org.junit.jupiter.api.Test;

class DedupTest {
  private static final ScoredRecord A = memory("a", Kind.TOOL_USE, null, "Same text.", 0.9);

  @Test
  void aRecordNotTakenPasses() {
    PackLog log = new PackLog();
    Dedup dedup = new Dedup(log);
    assertFalse(dedup.rejects(A));
    dedup.taken(A);
    assertFalse(dedup.rejects(memory("b", Kind.TOOL_USE, null, "Other text.", 0.8)));
    assertTrue(log.dropped().isEmpty());
  }

  @Test
  void theSameIdIsADuplicateWhateverItsContent() {
    PackLog log = new PackLog();
    Dedup dedup = new Dedup(log);
    dedup.taken(A);
    assertTrue(dedup.rejects(memory("a", Kind.TOOL_USE, null, "Edited since.", 0.5)));
    assertEquals(
        List.of(new DroppedItem("a", DropReason.DUPLICATE, "same id as a record already injected")),
        log.dropped());
  }

  @Test
  void theSameContentUnderAnotherIdNamesTheFirstRecordTakenWithIt() {
    PackLog log = new PackLog();
    Dedup dedup = new Dedup(log);
    dedup.taken(A);
    dedup.taken(memory("b", Kind.WORKFLOW, "Title", "Same  text.", 0.8));
    assertTrue(dedup.rejects(memory("c", Kind.TOOL_USE, null, "Same text.", 0.7)));
    assertEquals(
        List.of(new DroppedItem("c", DropReason.DUPLICATE, "same content as a")), log.dropped());
    assertTrue(log.warnings().isEmpty());
  }
}
