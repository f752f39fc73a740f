package dev.recall4j.springboot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recall4j.engine.RecallEngine;
import dev.recall4j.springai.Recall4jChatMemoryAdvisor;
import dev.recall4j.springai.Recall4jDocumentRetriever;
import dev.recall4j.springai.Recall4jVectorStore;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.document.Document;
import org.springframework.ai.rag.Query;
import org.springframework.ai.rag.retrieval.search.DocumentRetriever;
import org.springframework.ai.vectorstore.VectorStore;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The starter in a Spring Boot application: what the properties open, and the beans it adds. */
@SpringBootTest(
    classes = StarterTest.Application.class,
    properties = {
      "recall4j.index=idx",
      "recall4j.namespace=docs",
      "recall4j.embedder.model=all-minilm-l6-v2-q",
      "recall4j.budget.tokens=300",
      "recall4j.budget.context-length=4096",
      "recall4j.budget.tokenizer=heuristic"
    })
class StarterTest {
  @TempDir static Path workspace;

  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class Application {}

  @DynamicPropertySource
  static void workspace(DynamicPropertyRegistry registry) {
    registry.add("recall4j.workspace", () -> workspace.toString());
  }

  @Autowired RecallEngine engine;
  @Autowired VectorStore store;
  @Autowired DocumentRetriever retriever;
  @Autowired Recall4jChatMemoryAdvisor memory;
  @Autowired Map<String, HealthIndicator> health;

  @Test
  void thePropertiesConfigureTheEngine() {
    assertThat(engine.config().indexDir()).isEqualTo(workspace.toAbsolutePath().resolve("idx"));
    assertThat(engine.config().namespace()).isEqualTo("docs");
    assertThat(engine.config().budget().contextLength()).isEqualTo(4096);
    assertThat(engine.config().budget().tokenCounter().name()).isEqualTo("heuristic");
    assertThat(engine.embedder())
        .hasValueSatisfying(e -> assertThat(e.modelId()).contains("minilm"));
  }

  @Test
  void theSpringAiBeansWorkOverTheEnginesNamespace() {
    assertThat(store).isInstanceOf(Recall4jVectorStore.class);
    assertThat(((Recall4jVectorStore) store).namespace()).isEqualTo("docs");
    assertThat(store.<RecallEngine>getNativeClient()).containsSame(engine);
    assertThat(retriever).isInstanceOf(Recall4jDocumentRetriever.class);
    assertThat(memory).isNotNull();

    store.add(
        List.of(new Document("brest", "The Brest gauge reports every six minutes.", Map.of())));

    assertThat(retriever.retrieve(new Query("how often does the Brest gauge report")))
        .extracting(Document::getId)
        .containsExactly("brest");
  }

  @Test
  void theHealthIndicatorReportsTheIndex() {
    Health up = health.get("recall4jHealthIndicator").health();

    assertThat(up.getStatus()).isEqualTo(Status.UP);
    assertThat(up.getDetails())
        .containsEntry("namespace", "docs")
        .containsEntry("index", workspace.toAbsolutePath().resolve("idx").toString())
        .containsKeys("records", "embeddingModel");
  }

  @Test
  void configurationMetadataDescribesEveryProperty() throws IOException {
    String metadata;
    try (InputStream in =
        getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
      metadata = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    for (String property :
        List.of(
            "recall4j.config",
            "recall4j.workspace",
            "recall4j.index",
            "recall4j.namespace",
            "recall4j.project",
            "recall4j.embedder.provider",
            "recall4j.embedder.model",
            "recall4j.embedder.host",
            "recall4j.budget.tokens",
            "recall4j.budget.context-length",
            "recall4j.budget.share",
            "recall4j.budget.tokenizer")) {
      assertThat(metadata).contains("\"name\": \"" + property + "\"");
    }
    assertThat(metadata).doesNotContain("{@code");
  }
}
