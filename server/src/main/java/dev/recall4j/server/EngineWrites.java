package dev.recall4j.server;

import dev.recall4j.core.Embedder;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.engine.IngestProgress;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.Saved;
import dev.recall4j.engine.SessionStats;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/** {@link IndexWrites} on an engine: a command's own, or the server's for the writes it serves. */
final class EngineWrites implements IndexWrites {
  private final RecallEngine engine;

  EngineWrites(RecallEngine engine) {
    this.engine = engine;
  }

  @Override
  public Saved add(MemoryRecord record) {
    return engine.add(record);
  }

  @Override
  public List<MemoryRecord> saveAll(List<MemoryRecord> records, IngestProgress progress) {
    return engine.saveAll(records, progress);
  }

  @Override
  public List<MemoryRecord> importAll(List<MemoryRecord> records) {
    return engine.importAll(records);
  }

  @Override
  public MemoryRecord change(Change change, Scope scope, String id) {
    return switch (change) {
      case FORGET -> engine.forget(scope, id);
      case ARCHIVE -> engine.archive(scope, id);
      case UNARCHIVE -> engine.unarchive(scope, id);
      case PIN -> engine.pin(scope, id);
      case UNPIN -> engine.unpin(scope, id);
      case PURGE -> engine.purge(scope, id);
    };
  }

  @Override
  public MemoryRecord supersede(Scope scope, String oldId, MemoryRecord replacement) {
    return engine.supersede(scope, oldId, replacement);
  }

  @Override
  public Optional<MemoryRecord> get(Scope scope, String id) {
    return engine.get(scope, id);
  }

  @Override
  public void recordSession(Scope scope, SessionStats session) {
    engine.statistics().recordSession(scope, session);
  }

  @Override
  public void compact() {
    engine.compact();
  }

  @Override
  public Optional<Embedder> embedder() {
    return engine.embedder();
  }

  @Override
  public boolean served() {
    return false;
  }

  @Override
  public void close() throws IOException {
    engine.close();
  }
}
