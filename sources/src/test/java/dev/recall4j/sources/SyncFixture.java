package dev.recall4j.sources;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.RecallEngine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A real index in a temporary folder, a counting embedder and a sync over it. */
final class SyncFixture implements AutoCloseable {
  static final Scope SCOPE = Scope.of("default");
  final Path dir;
  final CountingEmbedder embedder = new CountingEmbedder();
  final RecallEngine engine;
  final SourceSync sync;

  SyncFixture(Path dir) throws IOException {
    this.dir = dir;
    EngineConfig config = EngineConfig.builder(dir).indexDir(dir.resolve("index")).build();
    engine =
        RecallEngine.open(
            config, embedder, Clock.fixed(Instant.parse("2026-11-20T10:00:00Z"), ZoneOffset.UTC));
    sync = new SourceSync(engine, SCOPE, Clock.systemUTC(), SourceSync.DEFAULT_BATCH);
  }

  /** A SQLite source over {@code db} through {@code query}, every other option at its default. */
  static SourceSpec sqlite(String name, Path db, String query) {
    return new SourceSpec(
        name,
        SourceType.SQLITE,
        db,
        List.of(),
        List.of(),
        List.of(),
        SourceSpec.DEFAULT_CHUNK_WORDS,
        false,
        null,
        query,
        Map.of(),
        false,
        false);
  }

  Path write(String relative, String text) throws IOException {
    Path file = dir.resolve(relative);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
    return file;
  }

  /** Moves a file's modification time without changing its bytes. */
  void touch(Path file) throws IOException {
    Files.setLastModifiedTime(
        file, FileTime.from(Files.getLastModifiedTime(file).toInstant().plusSeconds(5)));
  }

  Optional<MemoryRecord> get(String id) {
    return engine.get(SCOPE, id);
  }

  MemoryRecord require(String id) {
    return get(id).orElseThrow(() -> new AssertionError("no record " + id));
  }

  @Override
  public void close() throws IOException {
    engine.close();
  }
}
