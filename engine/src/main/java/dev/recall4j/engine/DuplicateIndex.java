package dev.recall4j.engine;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Status;
import dev.recall4j.core.store.RecordKey;
import dev.recall4j.core.store.RecordStore;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/*
 * Finds the record an idempotent save is a repeat of: same exact scope (namespace, project, task,
 * session), same silo, same content hash, active status.
 *
 * The store indexes no content hash, so this is an in-memory map from that key to the record id,
 * filled on the first save after open by paging through the index once, then kept in step by every
 * engine write (all writes pass through the engine, which holds the index's only writer). Callers
 * hold the engine's write lock. Cost: one pass over the index on the first save of a session (free
 * on a new index) and roughly 250 bytes per memory/KB record; RAG chunks are not deduplicated by
 * content (their identity is file#chunk, and identical boilerplate in two files is two chunks), so
 * they take no memory here. A content-hash field in lucene-store would replace the map with a term
 * lookup.
 */
final class DuplicateIndex {
  private static final int PAGE = 1_000;

  private record Key(Scope scope, Silo silo, String contentHash) {}

  private final Map<Key, String> ids = new HashMap<>();
  private boolean loaded;

  /** An index of the whole store, loaded on first use. */
  DuplicateIndex() {}

  /** An index of the records one batch stages, starting empty and never loading the store. */
  static DuplicateIndex empty() {
    DuplicateIndex index = new DuplicateIndex();
    index.loaded = true;
    return index;
  }

  /** Whether saving this record is deduplicated by content at all. */
  static boolean deduplicates(MemoryRecord r) {
    return r.silo() != Silo.RAG && r.status() == Status.ACTIVE;
  }

  /**
   * The id of the stored record this one repeats, if any; {@code store} may be null for {@link
   * #empty}.
   */
  Optional<String> find(RecordStore store, MemoryRecord r) throws IOException {
    load(store);
    return deduplicates(r) ? Optional.ofNullable(ids.get(key(r))) : Optional.empty();
  }

  /** Follows one write: {@code before} (null when new) became {@code after} (null when purged). */
  void update(MemoryRecord before, MemoryRecord after) {
    if (!loaded) {
      return;
    }
    if (before != null && deduplicates(before)) {
      ids.remove(key(before), before.id());
    }
    if (after != null && deduplicates(after)) {
      ids.merge(key(after), after.id(), (a, b) -> a.compareTo(b) <= 0 ? a : b);
    }
  }

  private void load(RecordStore store) throws IOException {
    if (loaded) {
      return;
    }
    RecordKey after = null;
    for (List<MemoryRecord> page = store.page(null, PAGE);
        !page.isEmpty();
        page = store.page(after, PAGE)) {
      for (MemoryRecord r : page) {
        if (deduplicates(r)) {
          ids.merge(key(r), r.id(), (a, b) -> a.compareTo(b) <= 0 ? a : b);
        }
      }
      after = RecordKey.of(page.get(page.size() - 1));
    }
    loaded = true;
  }

  private static Key key(MemoryRecord r) {
    return new Key(r.scope(), r.silo(), r.contentHash());
  }
}
