package dev.recall4j.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.engine.Teams;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.advisor.vectorstore.VectorStoreChatMemoryAdvisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.Prompt;
import reactor.core.publisher.Flux;

/**
 * Long-term chat memory with a chat model that answers with the prompt it was given, so each answer
 * shows exactly what a real model would have read.
 */
class ChatMemoryAdvisorTest {
  @TempDir static Path workspace;
  static EngineFixture fixture;

  /** Answers with its prompt: every message's text, one per line. */
  static final class EchoChatModel implements ChatModel {
    @Override
    public ChatResponse call(Prompt prompt) {
      String text =
          prompt.getInstructions().stream().map(Message::getText).collect(Collectors.joining("\n"));
      return new ChatResponse(List.of(new Generation(new AssistantMessage(text))));
    }

    /** The same answer in two chunks. */
    @Override
    public Flux<ChatResponse> stream(Prompt prompt) {
      String text = call(prompt).getResult().getOutput().getText();
      int half = text.length() / 2;
      return Flux.just(text.substring(0, half), text.substring(half))
          .map(chunk -> new ChatResponse(List.of(new Generation(new AssistantMessage(chunk)))));
    }
  }

  @BeforeAll
  static void open() {
    fixture = new EngineFixture(workspace);
  }

  @AfterAll
  static void close() throws IOException {
    fixture.close();
  }

  private static String ask(ChatClient chat, String conversation, String question) {
    return chat.prompt()
        .user(question)
        .advisors(a -> a.param(ChatMemory.CONVERSATION_ID, conversation))
        .call()
        .content();
  }

  @Test
  void exchangesAreSessionRecordsRecalledInTheirOwnConversation() {
    ChatClient chat =
        ChatClient.builder(new EchoChatModel())
            .defaultSystem("You are a harbour assistant.")
            .defaultAdvisors(
                Recall4jChatMemoryAdvisor.builder(fixture.engine)
                    .namespace("chat")
                    .budgetTokens(200)
                    .build())
            .build();

    String first = ask(chat, "alice-1", "My boat is called Gull and moors at pontoon C.");
    assertThat(first).as("nothing to recall yet").doesNotContain("long-term memory");

    List<MemoryRecord> saved = new ArrayList<>();
    fixture.engine.export(Scope.of("chat"), Teams.NONE, saved::add);
    assertThat(saved).hasSize(1);
    MemoryRecord exchange = saved.get(0);
    assertThat(exchange.silo()).isEqualTo(Silo.MEMORY);
    assertThat(exchange.kind()).isEqualTo(Recall4jChatMemoryAdvisor.CONVERSATION);
    assertThat(exchange.scope()).isEqualTo(new Scope("chat", null, null, "alice-1"));
    assertThat(exchange.content())
        .startsWith("User: My boat is called Gull and moors at pontoon C.\nAssistant: ");

    String later = ask(chat, "alice-1", "Where does my boat moor?");
    assertThat(later)
        .startsWith(
            "You are a harbour assistant.\n\n" + Recall4jChatMemoryAdvisor.DEFAULT_INSTRUCTIONS)
        .contains("pontoon C")
        .endsWith("Where does my boat moor?");

    String other = ask(chat, "bob-1", "Where does my boat moor?");
    assertThat(other).as("another conversation's exchanges stay apart").doesNotContain("pontoon C");
  }

  @Test
  void onlyTheSilosAskedForAreRecalled() {
    for (Silo silo : List.of(Silo.MEMORY, Silo.RAG)) {
      fixture.engine.save(
          MemoryRecord.builder()
              .id("moorings-" + silo.name().toLowerCase(Locale.ROOT))
              .silo(silo)
              .scope(Scope.of("silos"))
              .content("Mooring note kept in the " + silo + " silo: pontoon C is for visitors.")
              .build(Instant.now()));
    }
    ChatClient chat =
        ChatClient.builder(new EchoChatModel())
            .defaultAdvisors(
                Recall4jChatMemoryAdvisor.builder(fixture.engine)
                    .namespace("silos")
                    .silos(Set.of(Silo.MEMORY))
                    .build())
            .build();

    String prompt = ask(chat, "c1", "Which pontoon is for visitors?");

    assertThat(prompt).contains("kept in the MEMORY silo").doesNotContain("kept in the RAG silo");
  }

  @Test
  void aStreamedAnswerIsSavedWholeOnce() {
    ChatClient chat =
        ChatClient.builder(new EchoChatModel())
            .defaultAdvisors(
                Recall4jChatMemoryAdvisor.builder(fixture.engine).namespace("stream").build())
            .build();

    String streamed =
        String.join(
            "",
            chat
                .prompt()
                .user("The tide turns at noon today.")
                .advisors(a -> a.param(ChatMemory.CONVERSATION_ID, "s1"))
                .stream()
                .content()
                .collectList()
                .block());

    List<MemoryRecord> saved = new ArrayList<>();
    fixture.engine.export(Scope.of("stream"), Teams.NONE, saved::add);
    assertThat(saved)
        .singleElement()
        .extracting(MemoryRecord::content)
        .isEqualTo("User: The tide turns at noon today.\nAssistant: " + streamed);
  }

  @Test
  void aCallWithoutAConversationIdIsRefused() {
    ChatClient chat =
        ChatClient.builder(new EchoChatModel())
            .defaultAdvisors(Recall4jChatMemoryAdvisor.builder(fixture.engine).build())
            .build();

    assertThatThrownBy(() -> chat.prompt().user("hello").call().content())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("conversationId");
  }

  @Test
  void springAisVectorStoreChatMemoryAdvisorWorksOverTheStore() {
    Recall4jVectorStore store =
        Recall4jVectorStore.builder(fixture.engine).namespace("vector-memory").build();
    ChatClient chat =
        ChatClient.builder(new EchoChatModel())
            .defaultAdvisors(VectorStoreChatMemoryAdvisor.builder(store).defaultTopK(4).build())
            .build();

    ask(chat, "c1", "The harbour master is called Yann.");
    String later = ask(chat, "c1", "Who is the harbour master?");
    String other = ask(chat, "c2", "Who is the harbour master?");

    assertThat(later).contains("The harbour master is called Yann.");
    assertThat(other).doesNotContain("Yann");
  }
}
