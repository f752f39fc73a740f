package dev.recall4j.engine;

import dev.recall4j.core.Embedder;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The writes to one index: the one port everything that changes an index goes through. A {@link
 * RecallEngine} opened for writing is one, and so is the server's client that sends each write to
 * the {@code serve} process holding the index (one writer, many callers); a read-only engine throws
 * {@link IllegalStateException} on every write.
 *
 * <p>Every write is durable when it returns. Implementations are thread-safe. Arguments are never
 * null. Bad input throws {@link IllegalArgumentException} naming the field, with nothing stored
 * changed; I/O failures surface as {@link UncheckedIOException}, and a failure of the server
 * written through as {@link IllegalStateException} naming it.
 */
public interface IndexWrites extends Closeable {
  /**
   * A change of one record's state by id: the lifecycle verbs. Each is made by {@link #change},
   * under the scope's reach ({@link Scope#canReach}), and throws {@link IllegalArgumentException}
   * naming {@code id} when the scope holds no such record. The four tier changes refuse a record
   * that is not active (naming {@code status}) or whose tier they do not apply to (naming {@code
   * tier}), and change nothing when the record is in their tier already.
   */
  enum Change {
    /**
     * A soft delete: the record's status becomes {@code deleted} and its {@code updated} time
     * records when it was forgotten; it stays in the index for audit, is shown by {@link #get} and
     * exported, but never recalled again. Forgetting a forgotten record changes nothing.
     */
    FORGET,
    /**
     * Moves a record of the active or pinned tier to the archived tier: recalled only by requests
     * that include the archive.
     */
    ARCHIVE,
    /** Brings an archived record back to the active tier. */
    UNARCHIVE,
    /**
     * Moves a record of the active or archived tier to the pinned tier ({@code always_load}):
     * injected first in every recall of its scope, whatever the query, under the budget's pinned
     * share.
     */
    PIN,
    /** Returns a pinned record to the active tier (recalled by relevance). */
    UNPIN,
    /**
     * Deletes a record for good (the user owns the data): it is gone from the index, from recall,
     * {@code get}, history and export. Records linking to it keep their links.
     */
    PURGE
  }

  /**
   * Saves one record like {@link #saveAll(Collection)} and says whether it was new: the {@code add}
   * command and a {@code memory_append} tool report {@link Saved#duplicateOf()} to the caller. A
   * duplicate is a record whose content an active record of the same scope and silo holds already,
   * under another id (the save keeps that one) or under the same id.
   */
  Saved add(MemoryRecord record);

  /**
   * Saves many records in one commit: all or nothing. Embeds records without a vector first, in
   * batches of {@code embedder.batch_size}.
   *
   * <p><b>Idempotent by content.</b> A memory or KB record whose content (by {@link
   * dev.recall4j.core.ContentHash}) equals that of an active record in exactly the same scope and
   * silo is not stored again: the stored record keeps its id, history and statistics, its {@code
   * updated} time is refreshed to now, and an archived one returns to the active tier (saving it
   * again says it matters again). Nothing is ever deleted by a save. RAG chunks are identified by
   * id only ({@code file#chunk}). Repeats within the batch collapse the same way.
   *
   * <p><b>Replace by id.</b> A record whose id is stored already replaces it, keeping the stored
   * {@code created} (the earlier of the two), {@code recallCount} and {@code lastAccessed}; its
   * {@code updated} becomes now. Ids are unique within a namespace: the same id in another
   * namespace is another record, never touched. Where the batch repeats an id, the later record
   * wins. Use {@link #importAll} to restore records exactly as given.
   *
   * @return the records as stored, one per input in input order
   * @throws IllegalArgumentException naming the field of the first bad record; nothing is written
   */
  default List<MemoryRecord> saveAll(Collection<MemoryRecord> records) {
    return saveAll(records, IngestProgress.NONE);
  }

  /**
   * {@link #saveAll(Collection)} with progress reports after each embedding batch (none when the
   * records are embedded by a server written through).
   */
  List<MemoryRecord> saveAll(Collection<MemoryRecord> records, IngestProgress progress);

  /**
   * Writes records exactly as given (times, status, tier, statistics, links): the restore half of a
   * JSONL export, lossless. No deduplication, no refreshed times; records without a vector are
   * embedded when an embedder is configured. One commit, all or nothing. An id held by another
   * namespace is refused, as in {@link #saveAll(Collection)}.
   */
  List<MemoryRecord> importAll(Collection<MemoryRecord> records);

  /**
   * Makes one lifecycle change ({@link Change}) to the record with this id.
   *
   * @return the record as changed; for {@link Change#PURGE}, as it was before
   */
  MemoryRecord change(Change change, Scope scope, String id);

  /** {@link Change#FORGET}. */
  default MemoryRecord forget(Scope scope, String id) {
    return change(Change.FORGET, scope, id);
  }

  /** {@link Change#ARCHIVE}. */
  default MemoryRecord archive(Scope scope, String id) {
    return change(Change.ARCHIVE, scope, id);
  }

  /** {@link Change#UNARCHIVE}. */
  default MemoryRecord unarchive(Scope scope, String id) {
    return change(Change.UNARCHIVE, scope, id);
  }

  /** {@link Change#PIN}. */
  default MemoryRecord pin(Scope scope, String id) {
    return change(Change.PIN, scope, id);
  }

  /** {@link Change#UNPIN}. */
  default MemoryRecord unpin(Scope scope, String id) {
    return change(Change.UNPIN, scope, id);
  }

  /** {@link Change#PURGE}; returns the record as it was before the purge. */
  default MemoryRecord purge(Scope scope, String id) {
    return change(Change.PURGE, scope, id);
  }

  /**
   * Replaces a record by a new one in one durable step (one commit): the old record's status
   * becomes {@code superseded} (kept for history, never recalled), its {@code updated} time now and
   * the new id is added to its links; the new record is stored with {@code supersedes = oldId}. A
   * user correction is saved this way, typically with {@link
   * dev.recall4j.core.Source#USER_CORRECTION}.
   *
   * @param scope the caller's scope; it must see the old record and the new record's scope
   * @param newRecord a record with an id not stored yet, whose {@code supersedes} is null or {@code
   *     oldId}
   * @return the new record as stored
   * @throws IllegalArgumentException naming the field: {@code id} (no such record), {@code status}
   *     (the old record is superseded or deleted), {@code newRecord.id} (already stored), {@code
   *     newRecord.scope} (outside the caller's scope), {@code supersedes} (names another record);
   *     nothing is changed
   */
  MemoryRecord supersede(Scope scope, String oldId, MemoryRecord newRecord);

  /**
   * The record with this id if it exists and the scope reaches it (any status or tier), as the
   * writer sees it: the read a write depends on (a sync's merge, a supersede's check). By-id
   * operations ({@code get}, {@code history}, the {@link Change}s, {@code supersede}) and export
   * follow {@link Scope#canReach}: a scope without a project reaches every project of its
   * namespace; a scope with one, that project and the records without one.
   */
  Optional<MemoryRecord> get(Scope scope, String id);

  /**
   * Ends a session (the coding agent's "local" scope, cleared at session end): every record stored
   * in exactly the session of {@code scope}, in its namespace and any project, is archived or
   * purged as the writing engine's {@code sessions.on_end} says ({@link SessionEnd.Action}), in one
   * commit. Records of other sessions and records without a session are never touched; ending a
   * session again changes nothing.
   *
   * @throws IllegalArgumentException naming {@code session} when the scope names none
   */
  SessionEnd endSession(Scope scope);

  /**
   * Records one agent session's budget statistics (a {@code memory_stats} row of the scope's
   * namespace), to be called once at session end.
   *
   * @throws IllegalStateException when statistics are off ({@code stats.enabled: false})
   */
  void recordSession(Scope scope, SessionStats session);

  /**
   * Merges the index into one segment and commits: maintenance after a bulk ingest or import (the
   * CLI's {@code ingest} and {@code import} call it), not a per-write step. A search visits every
   * segment, so one segment halves recall latency at 100K records (docs/RESULTS.md, issue 7);
   * merging costs about 30 s there. Writes wait meanwhile; recalls continue.
   */
  void compact();

  /**
   * The model that embeds what is written, when it runs in this process; empty without one, or when
   * the writes go to a server (which embeds what it is sent).
   */
  Optional<Embedder> embedder();

  /** Closes the engine, or the connection to the server written through. */
  @Override
  void close() throws IOException;
}
