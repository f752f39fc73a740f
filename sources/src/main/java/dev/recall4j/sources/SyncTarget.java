package dev.recall4j.sources;

import dev.recall4j.core.Checks;
import dev.recall4j.core.Embedder;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.engine.RecallEngine;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What a sync reads and writes: the stored records it merges over and the index they go to. An
 * engine opened for writing is one ({@link #of}); the command line offers another that writes
 * through the server holding the index, so a sync never needs the write lock a running {@code
 * serve} has. Each method means what the {@link RecallEngine} method of the same name means.
 */
public interface SyncTarget {
  /** The index directory, where the sync keeps its state beside the index. */
  Path indexDir();

  /**
   * The model a SQLite source's stored vectors are reused for when they match it; empty when the
   * vectors are left for the writer to compute.
   */
  Optional<Embedder> embedder();

  Optional<MemoryRecord> get(Scope scope, String id);

  List<MemoryRecord> saveAll(List<MemoryRecord> records);

  List<MemoryRecord> importAll(List<MemoryRecord> records);

  /** The engine itself. */
  static SyncTarget of(RecallEngine engine) {
    Checks.notNull(engine, "engine");
    return new SyncTarget() {
      @Override
      public Path indexDir() {
        return engine.config().indexDir();
      }

      @Override
      public Optional<Embedder> embedder() {
        return engine.embedder();
      }

      @Override
      public Optional<MemoryRecord> get(Scope scope, String id) {
        return engine.get(scope, id);
      }

      @Override
      public List<MemoryRecord> saveAll(List<MemoryRecord> records) {
        return engine.saveAll(records);
      }

      @Override
      public List<MemoryRecord> importAll(List<MemoryRecord> records) {
        return engine.importAll(records);
      }
    };
  }
}
