package dev.recall4j.server;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Silo;
import dev.recall4j.engine.RecallEngine;
import java.nio.file.Path;
import java.time.Instant;

/** A real engine holding one memory, served over HTTP on a free loopback port; closed together. */
final class ServedEngine implements AutoCloseable {
  final RecallEngine engine;
  final HttpServer server;

  private ServedEngine(RecallEngine engine, HttpServer server) {
    this.engine = engine;
    this.server = server;
  }

  static ServedEngine start(Path workspace, ServerSettings settings, String id, String content)
      throws Exception {
    RecallEngine engine = TestEngines.open(workspace);
    try {
      engine.save(
          MemoryRecord.builder()
              .id(id)
              .silo(Silo.MEMORY)
              .content(content)
              .build(Instant.parse("2026-01-01T00:00:00Z")));
      return new ServedEngine(engine, HttpServer.start(engine, settings, "127.0.0.1", 0));
    } catch (Exception | Error e) {
      engine.close();
      throw e;
    }
  }

  int port() {
    return server.port();
  }

  @Override
  public void close() throws Exception {
    try (engine) {
      server.close();
    }
  }
}
