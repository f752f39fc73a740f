package dev.recall4j.springboot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.recall4j.engine.EmbedderProvider;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.springai.Recall4jChatMemoryAdvisor;
import dev.recall4j.springai.Recall4jDocumentRetriever;
import dev.recall4j.springai.Recall4jEmbeddingModel;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.rag.retrieval.search.DocumentRetriever;
import org.springframework.ai.vectorstore.SimpleVectorStore;
import org.springframework.ai.vectorstore.VectorStore;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * What the auto-configuration leaves to the application: beans it defines replace ours, the health
 * indicator goes with the health support, the vector store with the embedder; and the engine is
 * closed with the context. Lexical engines, so that no model loads unless a case needs one.
 */
class StarterBackOffTest {
  @TempDir Path workspace;

  private ApplicationContextRunner runner(String... properties) {
    return new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(Recall4jAutoConfiguration.class))
        .withPropertyValues("recall4j.workspace=" + workspace, "recall4j.embedder.provider=none")
        .withPropertyValues(properties);
  }

  @Test
  void withoutAnEmbedderThereIsNoVectorStoreButTheRest() {
    runner()
        .run(
            context -> {
              assertThat(context).hasNotFailed().doesNotHaveBean(VectorStore.class);
              assertThat(context).hasSingleBean(RecallEngine.class);
              assertThat(context).hasSingleBean(Recall4jDocumentRetriever.class);
              assertThat(context).hasSingleBean(Recall4jChatMemoryAdvisor.class);
              assertThat(context).hasBean("recall4jHealthIndicator");
            });
  }

  @Configuration(proxyBeanMethods = false)
  static class OwnBeans {
    @Bean
    RecallEngine ownEngine(Environment environment) throws IOException {
      Path workspace = Path.of(environment.getRequiredProperty("recall4j.workspace"));
      return RecallEngine.open(
          EngineConfig.builder(workspace)
              .indexDir(Path.of("own"))
              .embedderProvider(EmbedderProvider.NONE)
              .build());
    }

    @Bean
    DocumentRetriever ownRetriever() {
      return query -> List.of();
    }
  }

  @Test
  void beansTheApplicationDefinesReplaceOurs() {
    runner()
        .withUserConfiguration(OwnBeans.class)
        .run(
            context -> {
              assertThat(context).hasSingleBean(RecallEngine.class).hasBean("ownEngine");
              assertThat(context).hasSingleBean(DocumentRetriever.class).hasBean("ownRetriever");
              assertThat(context).doesNotHaveBean(Recall4jDocumentRetriever.class);
            });
  }

  @Configuration(proxyBeanMethods = false)
  static class OwnVectorStore {
    @Bean
    VectorStore ownStore(RecallEngine engine) {
      return SimpleVectorStore.builder(new Recall4jEmbeddingModel(engine.embedder().orElseThrow()))
          .build();
    }
  }

  @Test
  void aVectorStoreTheApplicationDefinesReplacesOurs() {
    runner("recall4j.embedder.provider=onnx", "recall4j.embedder.model=all-minilm-l6-v2-q")
        .withUserConfiguration(OwnVectorStore.class)
        .run(
            context ->
                assertThat(context)
                    .hasSingleBean(VectorStore.class)
                    .getBean(VectorStore.class)
                    .isInstanceOf(SimpleVectorStore.class));
  }

  @Test
  void theEngineIsClosedWithTheContext() throws IOException {
    AtomicReference<HealthIndicator> health = new AtomicReference<>();
    EngineConfig config =
        EngineConfig.builder(workspace).embedderProvider(EmbedderProvider.NONE).build();
    runner()
        .run(
            context -> {
              health.set(context.getBean("recall4jHealthIndicator", HealthIndicator.class));
              assertThat(health.get().health().getStatus()).isEqualTo(Status.UP);
              assertThatThrownBy(() -> RecallEngine.open(config))
                  .as("the context's engine holds the index's write lock")
                  .hasMessageContaining("is open for writing by this process");
            });

    try (RecallEngine again = RecallEngine.open(config)) {
      assertThat(again.isReadOnly()).isFalse();
    }
    assertThat(health.get().health().getStatus()).isEqualTo(Status.DOWN);
  }

  @Test
  void theHealthIndicatorGoesWithTheHealthSupportAndItsSwitch() {
    runner("management.health.recall4j.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean("recall4jHealthIndicator"));
    runner()
        .withClassLoader(new FilteredClassLoader(HealthIndicator.class))
        .run(
            context ->
                assertThat(context).hasNotFailed().doesNotHaveBean("recall4jHealthIndicator"));
  }
}
