package dev.recall4j.engine;

import static dev.recall4j.engine.UncheckedIo.io;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.store.RecordStore;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The records one write changes, staged in memory and committed with one {@code upsertAll}; the
 * duplicate index follows only after the commit succeeded. Used under the write lock.
 */
final class WriteBatch {
  private final RecordStore store;

  /** The index's content repeats, updated on commit. */
  private final DuplicateIndex duplicates;

  /** What the batch writes, by id, in staging order. */
  private final Map<String, MemoryRecord> staged = new LinkedHashMap<>();

  /** What the index held before, by id (null: absent). */
  private final Map<String, MemoryRecord> before = new HashMap<>();

  /** Content repeats among the staged records, by staged id. */
  private final DuplicateIndex stagedDuplicates = DuplicateIndex.empty();

  WriteBatch(RecordStore store, DuplicateIndex duplicates) {
    this.store = store;
    this.duplicates = duplicates;
  }

  /** The record's state as the batch would leave it: staged, else stored, else null. */
  MemoryRecord current(String id) {
    MemoryRecord s = staged.get(id);
    if (s != null) {
      return s;
    }
    if (!before.containsKey(id)) {
      before.put(id, io(() -> store.get(id)).orElse(null));
    }
    return before.get(id);
  }

  /** The staged record with this id, null if none. */
  MemoryRecord staged(String id) {
    return staged.get(id);
  }

  Optional<String> duplicateOf(MemoryRecord r) {
    Optional<String> inBatch = io(() -> stagedDuplicates.find(null, r));
    return inBatch.isPresent() ? inBatch : io(() -> duplicates.find(store, r));
  }

  MemoryRecord stage(MemoryRecord r) {
    MemoryRecord previous = current(r.id());
    staged.put(r.id(), r);
    stagedDuplicates.update(previous, r);
    return r;
  }

  void commit() {
    if (staged.isEmpty()) {
      return;
    }
    io(() -> store.upsertAll(staged.values()));
    staged.forEach((id, r) -> duplicates.update(before.get(id), r));
  }
}
