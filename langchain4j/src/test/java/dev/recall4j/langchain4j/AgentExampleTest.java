package dev.recall4j.langchain4j;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.data.document.Document;
import dev.langchain4j.data.document.Metadata;
import dev.langchain4j.data.document.splitter.DocumentSplitters;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.MemoryId;
import dev.langchain4j.store.embedding.EmbeddingStoreIngestor;
import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Source;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The offline example of the README: an {@code AiServices} agent answering from recalled context.
 * Documents go in through LangChain4j's own ingestor into the store, a preference through the
 * engine; the chat model is a fake that answers with the prompt it was given, so the test sees
 * exactly what a real model would have read. The namespace follows the chat memory id: one user
 * never sees another's memories.
 */
class AgentExampleTest {
  @TempDir Path workspace;

  /** What the agent's interface looks like in an application. */
  interface Assistant {
    String answer(@MemoryId String user, @dev.langchain4j.service.UserMessage String question);
  }

  /** Answers with the (augmented) user message it receives: the prompt a model would read. */
  static final class EchoChatModel implements ChatModel {
    @Override
    public ChatResponse doChat(ChatRequest request) {
      UserMessage last =
          (UserMessage)
              request.messages().reversed().stream()
                  .filter(UserMessage.class::isInstance)
                  .findFirst()
                  .orElseThrow();
      return ChatResponse.builder().aiMessage(AiMessage.from(last.singleText())).build();
    }
  }

  @Test
  void anAgentAnswersFromRecalledContextInItsUsersNamespace() throws IOException {
    try (StoreFixture fixture = new StoreFixture(workspace)) {
      // Alice's documents, through LangChain4j's ingestion pipeline, into her namespace.
      Recall4jEmbeddingStore aliceDocs =
          Recall4jEmbeddingStore.builder(fixture.engine).namespace("user:alice").build();
      EmbeddingStoreIngestor.builder()
          .documentSplitter(DocumentSplitters.recursive(300, 0))
          .embeddingModel(fixture.model)
          .embeddingStore(aliceDocs)
          .build()
          .ingest(
              Document.from(
                  "The tide gauge at Brest reports every six minutes. Heights are relative to"
                      + " chart datum. The station was rebuilt in 2019 after a storm.",
                  Metadata.from("file", "brest.md")));
      // A preference the agent learnt, saved through the engine, beside the documents.
      fixture.engine.save(
          MemoryRecord.builder()
              .id("alice-units")
              .silo(Silo.MEMORY)
              .kind(Kind.USER_PREFERENCE)
              .source(Source.USER)
              .scope(Scope.of("user:alice"))
              .content("Alice wants tide heights in metres with two decimals.")
              .build(Instant.now()));
      fixture.engine.save(
          MemoryRecord.builder()
              .id("bob-units")
              .silo(Silo.MEMORY)
              .kind(Kind.USER_PREFERENCE)
              .scope(Scope.of("user:bob"))
              .content("Bob wants tide heights in feet.")
              .build(Instant.now()));

      Assistant assistant =
          AiServices.builder(Assistant.class)
              .chatModel(new EchoChatModel())
              .chatMemoryProvider(id -> MessageWindowChatMemory.withMaxMessages(10))
              .contentRetriever(
                  Recall4jContentRetriever.builder(fixture.engine)
                      .scopeFromQuery(
                          Recall4jContentRetriever.chatMemoryNamespace("user:", "default"))
                      .budgetTokens(256)
                      .build())
              .build();

      String prompt = assistant.answer("alice", "How often does the Brest gauge report heights?");

      assertTrue(prompt.contains("every six minutes"), prompt);
      assertTrue(prompt.contains("metres with two decimals"), prompt);
      assertFalse(prompt.contains("feet"), "Bob's memory stays in his namespace: " + prompt);
    }
  }
}
