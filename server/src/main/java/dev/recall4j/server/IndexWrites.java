package dev.recall4j.server;

import dev.recall4j.core.Embedder;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.engine.IngestProgress;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.Saved;
import dev.recall4j.engine.SessionStats;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The writes a command line makes to an index, done either on an engine it opened ({@link #of}) or,
 * while {@code serve} holds the index, through that server ({@link #open}): one writer, many
 * callers. Each method means what the {@link RecallEngine} method of the same name means, and is
 * durable when it returns.
 */
public interface IndexWrites extends AutoCloseable {
  /** A change of one record's state by id. */
  enum Change {
    FORGET,
    ARCHIVE,
    UNARCHIVE,
    PIN,
    UNPIN,
    PURGE
  }

  Saved add(MemoryRecord record);

  List<MemoryRecord> saveAll(List<MemoryRecord> records, IngestProgress progress);

  List<MemoryRecord> importAll(List<MemoryRecord> records);

  /** The record as changed (as it was, for a purge). */
  MemoryRecord change(Change change, Scope scope, String id);

  MemoryRecord supersede(Scope scope, String oldId, MemoryRecord replacement);

  /** The record as the writer sees it (a read that a write depends on, such as a supersede). */
  Optional<MemoryRecord> get(Scope scope, String id);

  void recordSession(Scope scope, SessionStats session);

  void compact();

  /**
   * The engine's embedder when the writes are done here; empty through a server, which embeds what
   * it is sent.
   */
  Optional<Embedder> embedder();

  /** Whether the writes go through a running server. */
  boolean served();

  @Override
  void close() throws java.io.IOException;

  /** Writes done on this engine; closing them closes it. */
  static IndexWrites of(RecallEngine engine) {
    return new EngineWrites(engine);
  }

  /**
   * Writes through the server holding {@code indexDir} when one answers there, else on the engine
   * {@code opener} opens.
   */
  static IndexWrites open(Path indexDir, EngineOpener opener) throws java.io.IOException {
    Optional<ServedWrites> served = ServeFile.find(indexDir).flatMap(ServedWrites::connect);
    return served.isPresent() ? served.get() : of(opener.open());
  }

  /** Opens the engine for writing when no server holds the index. */
  interface EngineOpener {
    RecallEngine open() throws java.io.IOException;
  }
}
