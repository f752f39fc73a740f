package dev.recall4j.cli;

import dev.recall4j.core.Embedder;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.engine.IngestProgress;
import dev.recall4j.server.IndexWrites;
import dev.recall4j.sources.SyncTarget;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A sync's target for the command line: the index's writes, on an engine this process opened or
 * through the server holding the index (one writer, many callers).
 */
record WritesSyncTarget(IndexWrites writes, Path indexDir) implements SyncTarget {
  @Override
  public Optional<Embedder> embedder() {
    return writes.embedder();
  }

  @Override
  public Optional<MemoryRecord> get(Scope scope, String id) {
    return writes.get(scope, id);
  }

  @Override
  public List<MemoryRecord> saveAll(List<MemoryRecord> records) {
    return writes.saveAll(records, IngestProgress.NONE);
  }

  @Override
  public List<MemoryRecord> importAll(List<MemoryRecord> records) {
    return writes.importAll(records);
  }
}
