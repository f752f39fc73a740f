package dev.recall4j.engine;

import static dev.recall4j.engine.UncheckedIo.io;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.store.RecordKey;
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

  /** What the batch writes, by key, in staging order. */
  private final Map<RecordKey, MemoryRecord> staged = new LinkedHashMap<>();

  /** What the index held before, by key (null: absent). */
  private final Map<RecordKey, MemoryRecord> before = new HashMap<>();

  /** Content repeats among the staged records, by staged id. */
  private final DuplicateIndex stagedDuplicates = DuplicateIndex.empty();

  WriteBatch(RecordStore store, DuplicateIndex duplicates) {
    this.store = store;
    this.duplicates = duplicates;
  }

  /** The record's state as the batch would leave it: staged, else stored, else null. */
  MemoryRecord current(RecordKey key) {
    MemoryRecord s = staged.get(key);
    if (s != null) {
      return s;
    }
    if (!before.containsKey(key)) {
      before.put(key, io(() -> store.get(key)).orElse(null));
    }
    return before.get(key);
  }

  /** The staged record with this key, null if none. */
  MemoryRecord staged(RecordKey key) {
    return staged.get(key);
  }

  Optional<String> duplicateOf(MemoryRecord r) {
    Optional<String> inBatch = io(() -> stagedDuplicates.find(null, r));
    return inBatch.isPresent() ? inBatch : io(() -> duplicates.find(store, r));
  }

  MemoryRecord stage(MemoryRecord r) {
    RecordKey key = RecordKey.of(r);
    MemoryRecord previous = current(key);
    staged.put(key, r);
    stagedDuplicates.update(previous, r);
    return r;
  }

  void commit() {
    if (staged.isEmpty()) {
      return;
    }
    io(() -> store.upsertAll(staged.values()));
    staged.forEach((key, r) -> duplicates.update(before.get(key), r));
  }
}
