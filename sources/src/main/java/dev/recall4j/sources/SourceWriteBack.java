package dev.recall4j.sources;

import dev.recall4j.core.Checks;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Status;
import dev.recall4j.engine.ForwardingWrites;
import dev.recall4j.engine.IndexWrites;
import dev.recall4j.engine.Saved;
import dev.recall4j.sources.SyncState.FileState;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/*
 * Why a decorator of the write port: every writer of an index (the CLI's add, supersede and forget,
 * the server's memory_append, memory_supersede and memory_forget) already goes through IndexWrites,
 * so wrapping it once where the port is opened puts the files first for all of them, with no change
 * to the tools. Each write-back writes the file (atomically), then syncs that one file through the
 * wrapped port: the index gets exactly what a sync would give it, so the next sync is a no-op, and a
 * crash between the two leaves a file the next sync brings in, never an index the files contradict.
 */
/**
 * The write port of an index whose sources are partly the agent's own files, marked {@code
 * writable: true}: an append, a supersede and a forget in a writable source's scope write that
 * source's files (a markdown vault: a note with front matter, {@link VaultWriter}; daily logs: a
 * bullet under today's date, {@link LogWriter}), then the index, by a sync of the file written.
 * Every other write, and those outside the sync's scope or on records of no writable source, go to
 * the wrapped port unchanged. Thread-safe: write-backs are one at a time.
 */
public final class SourceWriteBack extends ForwardingWrites {
  private final Path indexDir;
  private final Scope scope;
  private final Clock clock;
  private final List<SourceSpec> writable;
  private boolean reconciled;

  private SourceWriteBack(
      IndexWrites writes, Path indexDir, Scope scope, Clock clock, List<SourceSpec> writable) {
    super(writes);
    this.indexDir = indexDir;
    this.scope = scope;
    this.clock = clock;
    this.writable = writable;
  }

  /**
   * The port to use for an index synced from {@code sources}: {@code writes} itself when no source
   * is writable, else {@code writes} wrapped.
   *
   * @param scope the sync's scope: records written back are of it
   */
  public static IndexWrites wrap(
      IndexWrites writes, Path indexDir, Scope scope, SourcesConfig sources, Clock clock) {
    Checks.notNull(writes, "writes");
    List<SourceSpec> writable = sources.sources().stream().filter(SourceSpec::writable).toList();
    return writable.isEmpty()
        ? writes
        : new SourceWriteBack(
            writes,
            Checks.notNull(indexDir, "indexDir"),
            Checks.notNull(scope, "scope"),
            Checks.notNull(clock, "clock"),
            writable);
  }

  @Override
  public synchronized Saved add(MemoryRecord record) {
    Optional<SourceSpec> into = writable.stream().filter(s -> takes(s, record.scope())).findFirst();
    if (into.isEmpty()) {
      return writes.add(record);
    }
    reconcile();
    locate(record.scope(), record.id())
        .ifPresent(
            at -> {
              throw new IllegalArgumentException(
                  "id: \""
                      + record.id()
                      + "\" is already the record of "
                      + at.file()
                      + "; supersede it to change it");
            });
    SourceSpec target = into.get();
    try {
      Path file = write(target, record, null);
      sync(target, List.of(file));
      return new Saved(stored(target, lastIdOf(target, file, record)), null);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public synchronized MemoryRecord change(Change change, Scope scope, String id) {
    if (change != Change.FORGET) {
      return writes.change(change, scope, id); // pins and archives are the index's overlay
    }
    reconcile();
    Optional<Located> found = locate(scope, id);
    if (found.isEmpty()
        || writes.get(scope, id).map(r -> r.status() == Status.DELETED).orElse(true)) {
      return writes.change(change, scope, id); // not a file's, already gone, or the port's error
    }
    Located at = found.get();
    try {
      retire(at, "deleted");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    sync(at.spec(), List.of(at.file()));
    return stored(at.spec(), id);
  }

  @Override
  public synchronized MemoryRecord supersede(Scope scope, String oldId, MemoryRecord newRecord) {
    reconcile();
    Optional<Located> found =
        locate(scope, oldId).filter(at -> takes(at.spec(), newRecord.scope()));
    if (found.isEmpty()) {
      return writes.supersede(scope, oldId, newRecord);
    }
    Located at = found.get();
    MemoryRecord old =
        writes
            .get(scope, oldId)
            .orElseThrow(() -> new IllegalArgumentException("id: no record " + oldId));
    Checks.require(
        old.status() == Status.ACTIVE,
        "status",
        "record \"%s\" is %s; only active records can be superseded",
        oldId,
        old.status());
    // The replacement first: a crash between the two writes leaves both facts in the files (the
    // supersede can be run again), never the old one retired with nothing in its place.
    try {
      Path file = write(at.spec(), newRecord, at.firstId());
      retire(at, "superseded");
      sync(at.spec(), file.equals(at.file()) ? List.of(file) : List.of(file, at.file()));
      return stored(at.spec(), lastIdOf(at.spec(), file, newRecord));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Whether a record of this scope is written to the source's files: a sync gives what it reads the
   * source's scope ({@link SourceScope#in}), so only a record of that namespace, of its project (or
   * of none, when the source's project is the sync's default one) and of no task or session.
   */
  private boolean takes(SourceSpec spec, Scope of) {
    Scope theirs = spec.scope().in(scope);
    return of.namespace().equals(theirs.namespace())
        && of.task() == null
        && of.session() == null
        && (Objects.equals(of.project(), theirs.project())
            || (of.project() == null && Objects.equals(theirs.project(), scope.project())));
  }

  /** Writes the record into the source's files (a new note, or a bullet in today's log). */
  private Path write(SourceSpec spec, MemoryRecord record, String supersedes) throws IOException {
    if (spec.type() == SourceType.MARKDOWN) {
      return VaultWriter.newNote(spec.path(), record, supersedes);
    }
    return LogWriter.append(
        spec.path(), record.content(), LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC));
  }

  /** The id the sync gave the record written to {@code file}: a note's own, a log's last entry. */
  private String lastIdOf(SourceSpec spec, Path file, MemoryRecord record) throws IOException {
    if (spec.type() == SourceType.MARKDOWN) {
      return record.id();
    }
    List<SyncState.RecordState> records =
        SyncState.read(indexDir)
            .source(SyncState.key(scope, spec.name()))
            .files()
            .get(SourceFiles.relative(spec.path(), file))
            .records();
    return records.get(records.size() - 1).id();
  }

  /**
   * Marks the record's note (its front matter's {@code status}) or log entry (struck through) as
   * retired, checking that the file still says what the index holds of it.
   */
  private void retire(Located at, String status) throws IOException {
    if (at.spec().type() == SourceType.MARKDOWN) {
      VaultWriter.setStatus(at.file(), status, clock.instant());
    } else {
      MemoryRecord r = stored(at.spec(), at.id());
      LogWriter.strike(at.file(), r.origin().line(), r.content());
    }
  }

  /**
   * Before the first write-back, syncs the writable sources: a write that reached a file but not
   * the index (a crash between the two) is in the index before anything else is written, and the
   * ids and lines a forget or supersede finds are those of the files.
   */
  private void reconcile() {
    if (reconciled) {
      return;
    }
    try {
      for (SourceSpec spec : writable) {
        Files.createDirectories(spec.path()); // a new vault or workspace: its first write makes it
      }
      new SourceSync(writes, indexDir, scope, clock, SourceSync.DEFAULT_BATCH).syncAll(writable);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    reconciled = true;
  }

  /** Syncs the files written into the index, in one commit, as {@code sync} would. */
  private void sync(SourceSpec spec, List<Path> files) {
    try {
      new SourceSync(writes, indexDir, scope, clock, SourceSync.DEFAULT_BATCH)
          .syncPaths(List.of(spec), files);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The record the sync of {@code spec} stored under {@code id}, in the source's scope. */
  private MemoryRecord stored(SourceSpec spec, String id) {
    return writes
        .get(spec.scope().in(scope), id)
        .orElseThrow(
            () -> new IllegalStateException("record " + id + " was written but not found"));
  }

  /** A record of a writable source's file, with the id of the file's first record. */
  private record Located(SourceSpec spec, Path file, String id, String firstId) {}

  /** The writable source's file that holds record {@code id} of the caller's namespace, if any. */
  private Optional<Located> locate(Scope caller, String id) {
    SyncState state;
    try {
      state = SyncState.read(indexDir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    for (SourceSpec spec : writable) {
      if (!spec.scope().in(scope).namespace().equals(caller.namespace())) {
        continue;
      }
      Optional<FileState> file = state.fileOf(SyncState.key(scope, spec.name()), id);
      if (file.isPresent()) {
        return Optional.of(
            new Located(spec, Path.of(file.get().path()), id, file.get().records().get(0).id()));
      }
    }
    return Optional.empty();
  }
}
