package dev.recall4j.springboot;

import dev.recall4j.engine.RecallEngine;
import dev.recall4j.springai.Recall4jChatMemoryAdvisor;
import dev.recall4j.springai.Recall4jDocumentRetriever;
import dev.recall4j.springai.Recall4jVectorStore;
import io.micrometer.observation.ObservationRegistry;
import java.io.IOException;
import org.springframework.ai.rag.retrieval.search.DocumentRetriever;
import org.springframework.ai.vectorstore.VectorStore;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Opens a {@link RecallEngine} from the {@code recall4j.*} properties ({@link Recall4jProperties})
 * and exposes it to Spring AI: a {@link VectorStore} (unless {@code recall4j.embedder.provider} is
 * {@code none}), a {@link DocumentRetriever} for {@code RetrievalAugmentationAdvisor} and a {@link
 * Recall4jChatMemoryAdvisor}, all over the engine's namespace and project, and a health indicator
 * ({@code recall4j}) when the application has Spring Boot's health support. Each bean backs off
 * when the application defines its own of that type; the engine is closed when the context closes.
 */
@AutoConfiguration
@EnableConfigurationProperties(Recall4jProperties.class)
public final class Recall4jAutoConfiguration {

  /** The engine, opened for writing; another writer of the same index makes this fail at once. */
  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean
  public RecallEngine recallEngine(Recall4jProperties properties) throws IOException {
    return RecallEngine.open(properties.engineConfig());
  }

  /** The engine's namespace as a vector store, observed through the context's registry. */
  @Bean
  @ConditionalOnMissingBean(VectorStore.class)
  @ConditionalOnExpression("'${recall4j.embedder.provider:onnx}'.toLowerCase() != 'none'")
  public Recall4jVectorStore recall4jVectorStore(
      RecallEngine engine, ObjectProvider<ObservationRegistry> observations) {
    return Recall4jVectorStore.builder(engine)
        .namespace(engine.config().namespace())
        .observationRegistry(observations.getIfUnique(() -> ObservationRegistry.NOOP))
        .build();
  }

  /** Hybrid recall packed to {@code recall4j.budget.tokens}, in the engine's scope. */
  @Bean
  @ConditionalOnMissingBean(DocumentRetriever.class)
  public Recall4jDocumentRetriever recall4jDocumentRetriever(
      RecallEngine engine, Recall4jProperties properties) {
    return Recall4jDocumentRetriever.builder(engine)
        .scopeFromQuery(query -> engine.config().defaultScope())
        .budgetTokens(properties.budget().tokens())
        .build();
  }

  /** Long-term chat memory in the engine's scope, for a {@code ChatClient}'s advisors. */
  @Bean
  @ConditionalOnMissingBean
  public Recall4jChatMemoryAdvisor recall4jChatMemoryAdvisor(
      RecallEngine engine, Recall4jProperties properties) {
    return Recall4jChatMemoryAdvisor.builder(engine)
        .namespace(engine.config().namespace())
        .project(engine.config().project())
        .budgetTokens(properties.budget().tokens())
        .build();
  }

  /** The health indicator, where Spring Boot's health support is on the class path. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(HealthIndicator.class)
  @ConditionalOnEnabledHealthIndicator("recall4j")
  static class HealthConfiguration {
    @Bean
    @ConditionalOnMissingBean(name = "recall4jHealthIndicator")
    HealthIndicator recall4jHealthIndicator(RecallEngine engine) {
      return new Recall4jHealthIndicator(engine);
    }
  }
}
