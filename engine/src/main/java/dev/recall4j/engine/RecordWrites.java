package dev.recall4j.engine;

import static dev.recall4j.engine.UncheckedIo.io;

import dev.recall4j.core.Checks;
import dev.recall4j.core.Embedder;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Status;
import dev.recall4j.core.Tier;
import dev.recall4j.core.Wire;
import dev.recall4j.core.store.RecordKey;
import dev.recall4j.core.store.RecordStore;
import dev.recall4j.core.store.StoreFilter;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The write path: saves (deduplicated by content, replacing by id), imports, supersedes, lifecycle
 * changes of status and tier, and purges, each under the write lock and in one commit. Records
 * without a vector are embedded first, outside the lock, or left to the background {@link
 * EmbeddingQueue} when there is one. {@link IndexWrites} documents each operation.
 */
final class RecordWrites {
  /** Records read per page when a session's records are looked up. */
  private static final int PAGE = 1_000;

  private final RecordStore store;
  private final WriteLock lock;
  private final Clock clock;
  private final RecordLookup lookup;

  /** Null without an embedder. */
  private final Embedder embedder;

  /** Null unless {@code embedder.background} is on and there is an embedder. */
  private final EmbeddingQueue embeddingQueue;

  private final EmbedderSettings settings;

  /** Guarded by {@link #lock}. */
  private final DuplicateIndex duplicates = new DuplicateIndex();

  RecordWrites(
      RecordStore store,
      WriteLock lock,
      Clock clock,
      RecordLookup lookup,
      Embedder embedder,
      EmbeddingQueue embeddingQueue,
      EmbedderSettings settings) {
    this.store = store;
    this.lock = lock;
    this.clock = clock;
    this.lookup = lookup;
    this.embedder = embedder;
    this.embeddingQueue = embeddingQueue;
    this.settings = settings;
  }

  List<MemoryRecord> saveAll(Collection<MemoryRecord> records, IngestProgress progress) {
    List<MemoryRecord> embedded = embedNowOrLater(records, progress);
    return afterWrite(
        lock.locked(
            () -> {
              WriteBatch batch = new WriteBatch(store, duplicates);
              List<MemoryRecord> stored = new ArrayList<>(embedded.size());
              for (MemoryRecord record : embedded) {
                stored.add(batch.stage(resolve(batch, record)));
              }
              batch.commit();
              // A later record of the batch may have replaced an earlier one: report what was
              // written.
              return stored.stream().map(r -> batch.staged(RecordKey.of(r))).toList();
            }));
  }

  List<MemoryRecord> importAll(Collection<MemoryRecord> records) {
    List<MemoryRecord> embedded = embedNowOrLater(records, IngestProgress.NONE);
    return afterWrite(
        lock.locked(
            () -> {
              WriteBatch batch = new WriteBatch(store, duplicates);
              for (MemoryRecord record : embedded) {
                batch.stage(record);
              }
              batch.commit();
              return embedded;
            }));
  }

  MemoryRecord supersede(Scope scope, String oldId, MemoryRecord newRecord) {
    Checks.notNull(scope, "scope");
    Checks.notNull(newRecord, "newRecord");
    Checks.notBlank(oldId, "oldId");
    Checks.require(
        scope.canReach(newRecord.scope()),
        "newRecord.scope",
        "must lie inside the caller's scope %s, got %s",
        scope,
        newRecord.scope());
    Checks.require(
        newRecord.supersedes() == null || newRecord.supersedes().equals(oldId),
        "supersedes",
        "must be null or the superseded id %s, got %s",
        Checks.excerpt(oldId),
        Checks.excerpt(newRecord.supersedes()));
    MemoryRecord embedded =
        embedAll(List.of(newRecord.toBuilder().supersedes(oldId).build()), IngestProgress.NONE)
            .get(0);
    return lock.locked(
        () -> {
          MemoryRecord old = lookup.require(scope, oldId);
          requireActive(old, "superseded");
          Checks.require(
              io(() -> store.get(RecordKey.of(embedded))).isEmpty(),
              "newRecord.id",
              "a record %s is already stored; a superseding record needs a new id",
              Checks.excerpt(embedded.id()));
          List<String> links = new ArrayList<>(old.links());
          links.add(embedded.id());
          WriteBatch batch = new WriteBatch(store, duplicates);
          batch.stage(
              old.toBuilder()
                  .status(Status.SUPERSEDED)
                  .updated(later(old.updated()))
                  .links(links)
                  .build());
          batch.stage(embedded);
          batch.commit();
          return embedded;
        });
  }

  MemoryRecord change(IndexWrites.Change change, Scope scope, String id) {
    Checks.notNull(change, "change");
    return switch (change) {
      case FORGET -> forget(scope, id);
      case ARCHIVE ->
          changeTier(scope, id, Tier.ARCHIVED, EnumSet.of(Tier.ACTIVE, Tier.PINNED), "archived");
      case UNARCHIVE -> changeTier(scope, id, Tier.ACTIVE, EnumSet.of(Tier.ARCHIVED), "unarchived");
      case PIN ->
          changeTier(scope, id, Tier.PINNED, EnumSet.of(Tier.ACTIVE, Tier.ARCHIVED), "pinned");
      case UNPIN -> changeTier(scope, id, Tier.ACTIVE, EnumSet.of(Tier.PINNED), "unpinned");
      case PURGE -> purge(scope, id);
    };
  }

  private MemoryRecord forget(Scope scope, String id) {
    return lock.locked(
        () -> {
          MemoryRecord current = lookup.require(scope, id);
          if (current.status() == Status.DELETED) {
            return current;
          }
          return write(
              current,
              current.toBuilder().status(Status.DELETED).updated(later(current.updated())).build());
        });
  }

  /**
   * Moves an active record of one of the {@code from} tiers to {@code target}; {@code verb} names
   * the change.
   */
  private MemoryRecord changeTier(
      Scope scope, String id, Tier target, Set<Tier> from, String verb) {
    return lock.locked(
        () -> {
          MemoryRecord current = lookup.require(scope, id);
          if (current.tier() == target) {
            return current;
          }
          requireActive(current, verb);
          Checks.require(
              from.contains(current.tier()),
              "tier",
              "record %s is %s; only %s records can be %s",
              Checks.excerpt(id),
              Wire.name(current.tier()),
              from.stream().map(Wire::name).sorted().toList(),
              verb);
          return write(
              current, current.toBuilder().tier(target).updated(later(current.updated())).build());
        });
  }

  private MemoryRecord purge(Scope scope, String id) {
    return lock.locked(
        () -> {
          MemoryRecord current = lookup.require(scope, id);
          io(() -> store.purge(RecordKey.of(current)));
          duplicates.update(current, null);
          return current;
        });
  }

  List<MemoryRecord> purgeAll(Scope scope, Collection<String> ids) {
    return lock.locked(
        () -> {
          List<MemoryRecord> purged =
              ids.stream().distinct().map(id -> lookup.require(scope, id)).toList();
          io(() -> store.purgeAll(purged.stream().map(RecordKey::of).toList()));
          purged.forEach(r -> duplicates.update(r, null));
          return purged;
        });
  }

  /**
   * Ends the session of {@code scope} (its namespace and session; the project and task are not
   * looked at, so every project's records of the session are ended): archives or purges every
   * record stored in exactly that session, in one commit.
   */
  SessionEnd endSession(Scope scope, SessionEnd.Action action) {
    Checks.notNull(scope, "scope");
    Checks.notNull(action, "action");
    String session = scope.session();
    Checks.require(session != null, "session", "required: the session to end");
    return lock.locked(
        () -> {
          List<MemoryRecord> held =
              sessionRecords(new Scope(scope.namespace(), null, null, session));
          List<String> ids = new ArrayList<>();
          if (action == SessionEnd.Action.DROP) {
            held.forEach(r -> ids.add(r.id()));
            io(() -> store.purgeAll(held.stream().map(RecordKey::of).toList()));
            held.forEach(r -> duplicates.update(r, null));
          } else {
            List<MemoryRecord> before = new ArrayList<>();
            List<MemoryRecord> archived = new ArrayList<>();
            for (MemoryRecord r : held) {
              if (r.status() == Status.ACTIVE && r.tier() != Tier.ARCHIVED) {
                before.add(r);
                archived.add(r.toBuilder().tier(Tier.ARCHIVED).updated(later(r.updated())).build());
                ids.add(r.id());
              }
            }
            io(() -> store.upsertAll(archived));
            for (int i = 0; i < archived.size(); i++) {
              duplicates.update(before.get(i), archived.get(i));
            }
          }
          return new SessionEnd(session, action, ids);
        });
  }

  /** Every record stored in exactly the session of {@code scope}, any project, status or tier. */
  private List<MemoryRecord> sessionRecords(Scope scope) {
    StoreFilter filter = StoreFilter.all(scope).withAllProjects(true).withAllSessions(false);
    List<MemoryRecord> held = new ArrayList<>();
    String after = null;
    while (true) {
      String from = after;
      List<MemoryRecord> page = io(() -> store.find(filter, from, PAGE));
      if (page.isEmpty()) {
        return held;
      }
      for (MemoryRecord r : page) {
        if (scope.session().equals(r.scope().session())) {
          held.add(r);
        }
      }
      after = page.get(page.size() - 1).id();
    }
  }

  /**
   * Decides what one record of a save becomes: a new record, a replacement of the same id (keeping
   * the stored creation time and statistics), or a refresh of the stored record it repeats.
   */
  private MemoryRecord resolve(WriteBatch batch, MemoryRecord record) {
    MemoryRecord existing = batch.current(RecordKey.of(record));
    if (existing != null) {
      Instant updated = later(existing.updated());
      return record.toBuilder()
          .created(
              existing.created().isBefore(record.created()) ? existing.created() : record.created())
          .updated(record.updated().isAfter(updated) ? record.updated() : updated)
          .recallCount(existing.recallCount())
          .lastAccessed(existing.lastAccessed())
          .build();
    }
    Optional<String> repeated = batch.duplicateOf(record);
    if (repeated.isEmpty()) {
      return record;
    }
    MemoryRecord original =
        batch.current(new RecordKey(record.scope().namespace(), repeated.get()));
    MemoryRecord.Builder refreshed = original.toBuilder().updated(later(original.updated()));
    if (original.tier() == Tier.ARCHIVED) {
      refreshed.tier(Tier.ACTIVE);
    }
    return refreshed.build();
  }

  private MemoryRecord write(MemoryRecord before, MemoryRecord after) {
    io(() -> store.upsert(after));
    duplicates.update(before, after);
    return after;
  }

  private static void requireActive(MemoryRecord r, String verb) {
    Checks.require(
        r.status() == Status.ACTIVE,
        "status",
        "record %s is %s; only active records can be %s",
        Checks.excerpt(r.id()),
        Wire.name(r.status()),
        verb);
  }

  /** Now, but never before {@code floor}: a record's updated time never goes backwards. */
  private Instant later(Instant floor) {
    Instant now = clock.instant();
    return now.isBefore(floor) ? floor : now;
  }

  /** Embeds before writing, or, with {@code embedder.background}, leaves it to the queue. */
  private List<MemoryRecord> embedNowOrLater(
      Collection<MemoryRecord> records, IngestProgress progress) {
    if (embeddingQueue == null) {
      return embedAll(records, progress);
    }
    List<MemoryRecord> input = List.copyOf(Checks.notNull(records, "records"));
    progress.update(input.size(), input.size());
    return input;
  }

  /** Wakes the background embedder after a write that may have queued records. */
  private <T> T afterWrite(T written) {
    if (embeddingQueue != null) {
      embeddingQueue.wake();
    }
    return written;
  }

  /**
   * Validates the input and embeds records without a vector, batch by batch, outside the write
   * lock.
   */
  private List<MemoryRecord> embedAll(Collection<MemoryRecord> records, IngestProgress progress) {
    Checks.notNull(records, "records");
    Checks.notNull(progress, "progress");
    List<MemoryRecord> input = List.copyOf(records);
    List<MemoryRecord> embedded = new ArrayList<>(input.size());
    int batch = settings.batchSize();
    for (int from = 0; from < input.size(); from += batch) {
      embedded.addAll(withVectors(input.subList(from, Math.min(input.size(), from + batch))));
      progress.update(embedded.size(), input.size());
    }
    return embedded;
  }

  private List<MemoryRecord> withVectors(List<MemoryRecord> records) {
    if (embedder == null) {
      return records;
    }
    List<Integer> missing = new ArrayList<>();
    for (int i = 0; i < records.size(); i++) {
      if (records.get(i).vector() == null) {
        missing.add(i);
      }
    }
    if (missing.isEmpty()) {
      return records;
    }
    List<MemoryRecord> embedded =
        RecordVectors.embed(
            embedder, missing.stream().map(records::get).toList(), settings.passageWords());
    List<MemoryRecord> out = new ArrayList<>(records);
    for (int j = 0; j < missing.size(); j++) {
      out.set(missing.get(j), embedded.get(j));
    }
    return out;
  }

  /** Saves one record and says whether it was new; see {@link RecallEngine#add}. */
  Saved add(MemoryRecord record) {
    Checks.notNull(record, "record");
    boolean sameAsStored =
        io(() -> store.get(RecordKey.of(record)))
            .filter(
                r ->
                    r.isRecallable()
                        && r.silo() == record.silo()
                        && r.scope().equals(record.scope())
                        && r.contentHash().equals(record.contentHash()))
            .isPresent();
    MemoryRecord stored = saveAll(List.of(record), IngestProgress.NONE).get(0);
    boolean duplicate = sameAsStored || !stored.id().equals(record.id());
    return new Saved(stored, duplicate ? stored.id() : null);
  }
}
