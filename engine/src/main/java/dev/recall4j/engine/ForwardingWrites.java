package dev.recall4j.engine;

import dev.recall4j.core.Checks;
import dev.recall4j.core.Embedder;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * An {@link IndexWrites} that passes every call to another: the base of a port that changes a few
 * writes and keeps the rest (the sources' write-back puts a file first for appends, supersedes and
 * forgets).
 */
public abstract class ForwardingWrites implements IndexWrites {
  /** The port every call not overridden goes to. */
  protected final IndexWrites writes;

  protected ForwardingWrites(IndexWrites writes) {
    this.writes = Checks.notNull(writes, "writes");
  }

  @Override
  public Saved add(MemoryRecord record) {
    return writes.add(record);
  }

  @Override
  public List<MemoryRecord> saveAll(Collection<MemoryRecord> records, IngestProgress progress) {
    return writes.saveAll(records, progress);
  }

  @Override
  public List<MemoryRecord> importAll(Collection<MemoryRecord> records) {
    return writes.importAll(records);
  }

  @Override
  public MemoryRecord change(Change change, Scope scope, String id) {
    return writes.change(change, scope, id);
  }

  @Override
  public MemoryRecord supersede(Scope scope, String oldId, MemoryRecord newRecord) {
    return writes.supersede(scope, oldId, newRecord);
  }

  @Override
  public Optional<MemoryRecord> get(Scope scope, String id) {
    return writes.get(scope, id);
  }

  @Override
  public SessionEnd endSession(Scope scope) {
    return writes.endSession(scope);
  }

  @Override
  public void recordSession(Scope scope, SessionStats session) {
    writes.recordSession(scope, session);
  }

  @Override
  public void compact() {
    writes.compact();
  }

  @Override
  public Optional<Embedder> embedder() {
    return writes.embedder();
  }

  @Override
  public void close() throws IOException {
    writes.close();
  }
}
