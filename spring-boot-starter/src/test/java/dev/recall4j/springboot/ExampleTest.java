package dev.recall4j.springboot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Source;
import dev.recall4j.engine.RecallEngine;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.document.Document;
import org.springframework.ai.rag.advisor.RetrievalAugmentationAdvisor;
import org.springframework.ai.rag.retrieval.search.DocumentRetriever;
import org.springframework.ai.transformer.splitter.TokenTextSplitter;
import org.springframework.ai.vectorstore.VectorStore;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The offline example of the README: a Spring Boot application whose {@code ChatClient} answers
 * from recall4j. Documents go in through Spring AI's splitter and the vector store, a preference
 * through the engine; the chat model answers with the prompt it was given, so the test sees exactly
 * what a real model would have read: the packed context, within the budget.
 */
@SpringBootTest(
    classes = ExampleTest.HarbourAssistant.class,
    properties = {
      "recall4j.namespace=harbour",
      "recall4j.embedder.model=all-minilm-l6-v2-q",
      "recall4j.budget.tokens=300"
    })
class ExampleTest {
  @TempDir static Path workspace;

  @DynamicPropertySource
  static void workspace(DynamicPropertyRegistry registry) {
    registry.add("recall4j.workspace", () -> workspace.toString());
  }

  /** The application: a chat client answering through the starter's retriever. */
  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class HarbourAssistant {
    @Bean
    ChatModel chatModel() {
      return new EchoChatModel();
    }

    @Bean
    ChatClient chatClient(ChatModel model, DocumentRetriever retriever) {
      return ChatClient.builder(model)
          .defaultAdvisors(
              RetrievalAugmentationAdvisor.builder().documentRetriever(retriever).build())
          .build();
    }
  }

  /** Answers with its prompt: every message's text, one per line. */
  static final class EchoChatModel implements ChatModel {
    @Override
    public ChatResponse call(Prompt prompt) {
      String text =
          prompt.getInstructions().stream().map(Message::getText).collect(Collectors.joining("\n"));
      return new ChatResponse(List.of(new Generation(new AssistantMessage(text))));
    }
  }

  @Autowired VectorStore store;
  @Autowired RecallEngine engine;
  @Autowired ChatClient chat;

  @Test
  void ingestThenAskAndThePromptHoldsThePackedContext() {
    String guide =
        "The tide gauge at Brest reports every six minutes, and its heights are relative to chart"
            + " datum. The station was rebuilt in 2019 after a storm flooded its stilling well."
            + " Den Helder publishes hourly means only; its archive starts in 1865 and is kept by"
            + " the national water authority. Cuxhaven switched to a radar sensor in 2008, and its"
            + " old float gauge is now in the harbour museum. Stavanger reports through a satellite"
            + " link that fails in heavy snow, so winter gaps are common in its series.";
    store.add(
        TokenTextSplitter.builder()
            .withChunkSize(40)
            .build()
            .apply(List.of(new Document(guide, Map.of("source", "gauges.md")))));
    engine.save(
        MemoryRecord.builder()
            .id("ada-units")
            .silo(Silo.MEMORY)
            .kind(Kind.USER_PREFERENCE)
            .source(Source.USER)
            .scope(Scope.of("harbour"))
            .content("Ada wants tide heights in metres with two decimals.")
            .build(Instant.now()));

    assertThat(engine.status(Scope.of("harbour")).records())
        .as("chunks and the memory")
        .isGreaterThan(3);

    String prompt =
        chat.prompt().user("How often does the Brest gauge report tide heights?").call().content();

    assertThat(prompt)
        .startsWith("Context information is below.")
        .contains("every six minutes")
        .contains("metres with two decimals")
        .contains("Query: How often does the Brest gauge report tide heights?");
    String context = prompt.split("---------------------")[1];
    assertThat(engine.config().budget().tokenCounter().count(context))
        .as("tokens of the packed context")
        .isLessThanOrEqualTo(300);
  }
}
