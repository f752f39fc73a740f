package dev.recall4j.server;

import dev.recall4j.engine.EmbedderProvider;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.RecallEngine;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;

/** Real engines over real index directories, lexical only so tests need no model. */
final class TestEngines {
  private TestEngines() {}

  static EngineConfig config(Path workspace) {
    return EngineConfig.builder(workspace).embedderProvider(EmbedderProvider.NONE).build();
  }

  static RecallEngine open(Path workspace) throws IOException {
    return RecallEngine.open(config(workspace), null, Clock.systemUTC());
  }
}
