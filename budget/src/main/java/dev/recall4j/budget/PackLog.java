package dev.recall4j.budget;

import dev.recall4j.core.DropReason;
import dev.recall4j.core.DroppedItem;
import dev.recall4j.core.ScoredRecord;
import java.util.ArrayList;
import java.util.List;

/** What one pack left out and why, and its warnings to the caller, in the order they arose. */
final class PackLog {
  private final List<DroppedItem> dropped = new ArrayList<>();
  private final List<String> warnings = new ArrayList<>();

  void drop(ScoredRecord candidate, DropReason reason, String detail) {
    dropped.add(new DroppedItem(candidate.id(), reason, detail));
  }

  void warn(String warning) {
    warnings.add(warning);
  }

  List<DroppedItem> dropped() {
    return dropped;
  }

  List<String> warnings() {
    return warnings;
  }
}
