package dev.recall4j.cli;

import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.IndexWrites;
import dev.recall4j.sources.SourceSync;
import dev.recall4j.sources.SourcesConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;

/** The configured sources of a command: from {@code --config}, else ./recall4j.yaml, else none. */
final class SourceOptions {
  private SourceOptions() {}

  static SourcesConfig read(EngineOptions options) throws IOException {
    return options.config != null
        ? SourcesConfig.read(options.config)
        : SourcesConfig.forWorkspace(Path.of("").toAbsolutePath());
  }

  /** A sync in the command's scope, written through {@code writes} (a server's, or an engine's). */
  static SourceSync sync(
      EngineOptions options, EngineConfig config, IndexWrites writes, int batchSize) {
    return new SourceSync(
        writes, config.indexDir(), options.scope(config), Clock.systemUTC(), batchSize);
  }
}
