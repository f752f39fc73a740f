package dev.recall4j.cli;

import dev.recall4j.core.Scope;
import dev.recall4j.engine.ConfigFile;
import dev.recall4j.engine.EmbedderProvider;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.IndexWrites;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.Teams;
import dev.recall4j.server.ServedOrLocal;
import dev.recall4j.sources.SourceWriteBack;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Option;

/**
 * Options every index command shares: which index, which configuration, which scope. Settings given
 * here override the configuration file.
 */
final class EngineOptions {
  @Option(
      names = "--index",
      paramLabel = "DIR",
      description = "Index directory (default: from the configuration, else agents/index).")
  Path index;

  @Option(
      names = "--config",
      paramLabel = "FILE",
      description = "Configuration file (default: ./recall4j.yaml if present).")
  Path config;

  @Option(
      names = "--namespace",
      paramLabel = "NS",
      description = "Namespace (user or tenant); default from the configuration.")
  String namespace;

  @Option(
      names = "--project",
      paramLabel = "NAME",
      description = "Project scope; default from the configuration (project, or current_project).")
  String project;

  @Option(
      names = "--team",
      paramLabel = "NAME",
      description =
          "A team whose shared records (namespace team:NAME) this command may see; repeatable.")
  List<String> teams = new ArrayList<>();

  @Option(
      names = "--embedder",
      paramLabel = "PROVIDER",
      description = "Embedder provider: none, onnx or ollama (overrides the configuration).")
  String embedder;

  @Option(
      names = "--model",
      paramLabel = "NAME",
      description = "Embedding model (overrides the configuration).")
  String model;

  @Option(
      names = "--wait",
      paramLabel = "DURATION",
      defaultValue = "10s",
      converter = WaitDuration.class,
      description =
          "Writing commands: how long to wait while another process writes the index, e.g. 30s,"
              + " 500ms, 2m, 0 (default: ${DEFAULT-VALUE}). Reading commands never wait.")
  Duration wait;

  /** The configuration after applying the command-line overrides. */
  EngineConfig config() throws IOException {
    EngineConfig base =
        config != null
            ? ConfigFile.read(config)
            : ConfigFile.forWorkspace(Path.of("").toAbsolutePath());
    EngineConfig.Builder b = base.toBuilder();
    if (index != null) {
      b.indexDir(index.toAbsolutePath());
    }
    if (namespace != null) {
      b.namespace(namespace);
    }
    if (project != null) {
      b.project(project);
    }
    if (embedder != null) {
      b.embedderProvider(EmbedderProvider.parse("--embedder", embedder));
    }
    if (model != null) {
      b.embedderModel(model);
    }
    // What each configured source holds is said with its hits; recall.source_contexts wins.
    SourceOptions.read(this)
        .contexts()
        .forEach(
            (prefix, description) -> {
              if (!base.recall().sourceContexts().containsKey(prefix.toString())) {
                b.sourceContext(prefix.toString(), description);
              }
            });
    return b.build();
  }

  /**
   * Opens the index for a writing command (creating it in a missing or empty directory), waiting up
   * to {@code --wait} for another writer.
   */
  RecallEngine open(EngineConfig config) throws IOException {
    return RecallEngine.open(config, RecallEngine.createEmbedder(config), Clock.systemUTC(), wait);
  }

  /**
   * The writes of a writing command: through the {@code serve} process holding the index when one
   * runs (its note in the index directory, {@link dev.recall4j.server.ServeFile}), else on the
   * index opened here as by {@link #open}.
   */
  IndexWrites openWrites(EngineConfig config) throws IOException {
    return ServedOrLocal.open(config.indexDir(), () -> open(config));
  }

  /**
   * The writes of a command that records what an agent remembers (add, supersede and the lifecycle
   * verbs): {@link #openWrites}, wrapped so that appends, supersedes and forgets of the sync's
   * namespace and project write a {@code writable: true} source's files first (docs/SOURCES.md,
   * "Writing back").
   */
  IndexWrites openRecordWrites(EngineConfig config) throws IOException {
    return SourceWriteBack.wrap(
        openWrites(config),
        config.indexDir(),
        scope(config),
        SourceOptions.read(this),
        Clock.systemUTC());
  }

  /**
   * Opens an existing index for a reading command: no lock, nothing written, and a missing index is
   * an error naming the path (none is created).
   */
  RecallEngine openReadOnly(EngineConfig config) throws IOException {
    return RecallEngine.openReadOnly(config);
  }

  /**
   * {@link #openReadOnly} for a command that embeds nothing (list, show, history, export, status,
   * stats): the model is not loaded, which saves a cold process about half a second of CPU.
   */
  RecallEngine openReadOnlyWithoutModel(EngineConfig config) throws IOException {
    return RecallEngine.openReadOnly(config, null, Clock.systemUTC());
  }

  /** The scope of this command: the namespace (option or configuration) and the project. */
  Scope scope(EngineConfig config) {
    return Scope.of(
        namespace != null ? namespace : config.namespace(),
        project != null ? project : config.project());
  }

  /** The teams named with {@code --team}. */
  Teams teams() {
    return new Teams(Set.copyOf(teams));
  }
}
