package dev.recall4j.budget;

import dev.recall4j.core.DropReason;
import dev.recall4j.core.ScoredRecord;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Keeps a record out of the block when one with its id or its content is already in: the same
 * record may come both pinned and ranked, and two ids may carry one text (their content hashes
 * match, whitespace aside). One per pack.
 */
final class Dedup {
  private final PackLog log;
  private final Set<String> takenIds = new HashSet<>();
  // Content hash -> the id of the first record taken with it, named in the drop.
  private final Map<String, String> takenHashes = new HashMap<>();

  Dedup(PackLog log) {
    this.log = log;
  }

  /** Whether the candidate repeats a taken record; if so it is dropped as a duplicate. */
  boolean rejects(ScoredRecord candidate) {
    if (takenIds.contains(candidate.id())) {
      log.drop(candidate, DropReason.DUPLICATE, "same id as a record already injected");
      return true;
    }
    String same = takenHashes.get(candidate.record().contentHash());
    if (same != null) {
      log.drop(candidate, DropReason.DUPLICATE, "same content as " + same);
      return true;
    }
    return false;
  }

  /** Remembers a record taken into the block. */
  void taken(ScoredRecord record) {
    takenIds.add(record.id());
    takenHashes.putIfAbsent(record.record().contentHash(), record.id());
  }
}
