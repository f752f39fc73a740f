package dev.recall4j.engine.adapter;

import dev.recall4j.core.Embedder;
import dev.recall4j.engine.EmbedderProvider;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.RecallEngine;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

/** A real engine over a temporary folder whose index holds two-dimensional vectors. */
final class TestEngines {
  static final Instant NOW = Instant.parse("2026-11-01T12:00:00Z");

  private TestEngines() {}

  /** The tests give records their vectors; a query is embedded as the x axis. */
  static RecallEngine open(Path workspace) throws IOException {
    EngineConfig config =
        EngineConfig.builder(workspace)
            .embedderProvider(EmbedderProvider.NONE)
            .statsEnabled(false)
            .build();
    Embedder plane =
        new Embedder() {
          @Override
          public String modelId() {
            return "plane";
          }

          @Override
          public int dimension() {
            return 2;
          }

          @Override
          public float[] embedQuery(String query) {
            return new float[] {1, 0};
          }

          @Override
          public List<float[]> embedDocuments(List<String> texts) {
            return texts.stream().map(this::embedQuery).toList();
          }
        };
    return RecallEngine.open(config, plane, Clock.fixed(NOW, ZoneOffset.UTC));
  }
}
