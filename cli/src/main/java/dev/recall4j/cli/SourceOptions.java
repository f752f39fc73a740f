package dev.recall4j.cli;

import dev.recall4j.sources.SourcesConfig;
import java.io.IOException;
import java.nio.file.Path;

/** The configured sources of a command: from {@code --config}, else ./recall4j.yaml, else none. */
final class SourceOptions {
  private SourceOptions() {}

  static SourcesConfig read(EngineOptions options) throws IOException {
    return options.config != null
        ? SourcesConfig.read(options.config)
        : SourcesConfig.forWorkspace(Path.of("").toAbsolutePath());
  }
}
