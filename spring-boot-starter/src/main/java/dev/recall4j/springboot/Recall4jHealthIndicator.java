package dev.recall4j.springboot;

import dev.recall4j.core.Embedder;
import dev.recall4j.engine.EngineStatus;
import dev.recall4j.engine.RecallEngine;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * Up while the engine reads its index: the details name the index directory, the namespace, its
 * record count and the embedding model; down, with the error, once it cannot (closed, damaged).
 */
final class Recall4jHealthIndicator implements HealthIndicator {
  private final RecallEngine engine;

  Recall4jHealthIndicator(RecallEngine engine) {
    this.engine = engine;
  }

  @Override
  public Health health() {
    try {
      EngineStatus status = engine.status(engine.config().defaultScope());
      return Health.up()
          .withDetail("index", status.location())
          .withDetail("namespace", engine.config().namespace())
          .withDetail("records", status.records())
          .withDetail("embeddingModel", engine.embedder().map(Embedder::modelId).orElse("none"))
          .withDetail("readOnly", engine.isReadOnly())
          .build();
    } catch (RuntimeException e) {
      return Health.down(e).build();
    }
  }
}
