package dev.recall4j.sources;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Status;
import dev.recall4j.core.Wire;
import dev.recall4j.engine.RecordJson;
import dev.recall4j.sources.SyncState.RecordState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/*
 * Decides what the records a file (or a table) gives become in the index, against what is stored
 * and what the last sync saw:
 *
 * - not stored: added as the file gives it;
 * - the file says exactly what it said last time (same hash): nothing, whatever recall4j changed
 *   since (pinned, archived, superseded, forgotten, recall counts survive);
 * - otherwise the file's fields win, times included (created and updated are the file's own, never
 *   the sync's: a 2024 fact stays 2024 to decay; a record whose text and lifecycle the file did not
 *   change keeps its own), with three things kept from the stored record: its
 *   creation time (the earlier), its access statistics, while the text is the same its vector (no
 *   re-embedding), and its lifecycle (tier and status) as set through recall4j (pin, archive,
 *   forget, supersede), edits of the text included, until the file itself declares another one than
 *   last time: an overlay on the file's records, kept by the difference between the stored lifecycle
 *   and what the file declared. If the result equals the stored record, nothing is written;
 * - a record the file no longer gives (a shrunk or vanished file) is marked deleted, and
 *   remembered as deleted by the sync, so that if the file gives it again it comes back active.
 */
final class Reconciler {
  private final Function<String, Optional<MemoryRecord>> stored;
  private final Instant now;
  private final Set<String> removed;
  private final List<MemoryRecord> writes = new ArrayList<>();
  private final SyncReport.Counter counts = new SyncReport.Counter();

  /**
   * @param stored the stored record of an id, if the caller's scope holds one
   * @param removed the ids the sync itself marked deleted; updated as records come and go
   */
  Reconciler(Function<String, Optional<MemoryRecord>> stored, Instant now, Set<String> removed) {
    this.stored = stored;
    this.now = now;
    this.removed = removed;
  }

  /** What the file says about a record: the hash kept in the state. */
  static String hash(MemoryRecord fromFile) {
    return RecordIds.sha256(RecordJson.write(fromFile, true));
  }

  static String declared(MemoryRecord r) {
    return Wire.name(r.tier()) + "/" + Wire.name(r.status());
  }

  /**
   * Reconciles the records one file gives now with the ones it gave last time.
   *
   * @return the file's records as the state keeps them, in file order
   */
  List<RecordState> file(List<MemoryRecord> fromFile, List<RecordState> before) {
    return file(fromFile, before, Set.of());
  }

  /**
   * {@link #file(List, List)} of a file some of whose records could not be read ({@code unread}):
   * those stay as they were, in the index and in the state.
   */
  List<RecordState> file(
      List<MemoryRecord> fromFile, List<RecordState> before, Set<String> unread) {
    Map<String, RecordState> previous = new java.util.HashMap<>();
    before.forEach(p -> previous.put(p.id(), p));
    List<RecordState> states = new ArrayList<>(fromFile.size());
    Set<String> now = new java.util.HashSet<>();
    for (String id : unread) {
      if (previous.containsKey(id)) {
        states.add(previous.get(id));
        now.add(id);
      }
    }
    for (MemoryRecord r : fromFile) {
      record(r, previous.get(r.id()));
      states.add(new RecordState(r.id(), hash(r), declared(r)));
      now.add(r.id());
    }
    for (RecordState p : before) {
      if (!now.contains(p.id())) {
        delete(p.id());
      }
    }
    return states;
  }

  /** Marks a record the source no longer gives deleted. */
  void delete(String id) {
    Optional<MemoryRecord> s = stored.apply(id);
    if (s.isPresent() && s.get().status() != Status.DELETED) {
      MemoryRecord current = s.get();
      writes.add(current.toBuilder().status(Status.DELETED).updated(later(current)).build());
      counts.deleted++;
    }
    removed.add(id);
  }

  private void record(MemoryRecord r, RecordState previous) {
    Optional<MemoryRecord> found = stored.apply(r.id());
    boolean removedBySync = removed.remove(r.id());
    if (found.isEmpty()) {
      writes.add(r);
      counts.added++;
      return;
    }
    MemoryRecord s = found.get();
    if (previous != null && !removedBySync && previous.hash().equals(hash(r))) {
      counts.unchanged++;
      return;
    }
    boolean textSame =
        s.contentHash().equals(r.contentHash())
            && Objects.equals(s.title(), r.title())
            && Objects.equals(s.summary(), r.summary());
    // Without the last sync's view, a changed text cannot tell the owner's lifecycle from ours.
    boolean keepLifecycle =
        !removedBySync && (previous == null ? textSame : previous.declared().equals(declared(r)));
    Instant created = s.created().isBefore(r.created()) ? s.created() : r.created();
    MemoryRecord.Builder b =
        r.toBuilder()
            .created(created)
            .recallCount(s.recallCount())
            .lastAccessed(s.lastAccessed())
            .updated(later(created, textSame && keepLifecycle ? s.updated() : r.updated()));
    if (keepLifecycle) {
      b.tier(s.tier()).status(s.status());
      if (s.status() == Status.SUPERSEDED) {
        // The superseding record's id was added to the links by recall4j: keep it.
        LinkedHashSet<String> links = new LinkedHashSet<>(r.links());
        links.addAll(s.links());
        b.links(List.copyOf(links));
      }
    }
    if (textSame && r.vector() == null && s.vector() != null) {
      b.vectors(s.vectors()).embeddingModel(s.embeddingModel());
    }
    MemoryRecord merged = b.build();
    if (merged.equals(s)) {
      counts.unchanged++;
      return;
    }
    writes.add(merged);
    counts.updated++;
  }

  private static Instant later(Instant a, Instant b) {
    return a.isBefore(b) ? b : a;
  }

  private Instant later(MemoryRecord s) {
    return now.isBefore(s.updated()) ? s.updated() : now;
  }

  /** Counts records of a file skipped as unchanged without reading it. */
  void skipped(int records) {
    counts.unchanged += records;
  }

  /** The records to write, in order, and forgets them. */
  List<MemoryRecord> drainWrites() {
    List<MemoryRecord> out = List.copyOf(writes);
    writes.clear();
    return out;
  }

  int pendingWrites() {
    return writes.size();
  }

  SyncReport.Counter counts() {
    return counts;
  }
}
