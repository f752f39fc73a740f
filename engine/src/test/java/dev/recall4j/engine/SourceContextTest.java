package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Origin;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.RecallResult;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.engine.json.JsonShapes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code recall.source_contexts}: the longest folder prefix of a hit's origin path names its
 * source; returned with recall and search items, and rendered as a line only with {@code
 * budget.render_source_context}; bad entries are refused naming the key.
 */
class SourceContextTest {
  static final Scope ALICE = Scope.of("alice");

  @TempDir Path workspace;

  static MemoryRecord chunk(String id, String path) {
    return MemoryRecord.builder()
        .id(id)
        .silo(Silo.RAG)
        .scope(ALICE)
        .content("standup notes about the harbour crane " + id)
        .origin(new Origin(path, 0, 1))
        .build(RecallEngineTest.NOW);
  }

  @Test
  void theLongestFolderPrefixOfTheOriginPathWins() {
    SourceContexts contexts =
        SourceContexts.of(
            Map.of(
                "/vault", "personal notes",
                "/vault/meetings/", "meeting transcripts",
                "/vault/meetings/board", "board minutes"));
    assertEquals("meeting transcripts", contexts.of(chunk("a", "/vault/meetings/2026-11-01.md")));
    assertEquals("board minutes", contexts.of(chunk("b", "/vault/meetings/board/q3.md")));
    assertEquals("personal notes", contexts.of(chunk("c", "/vault/meetings-old/x.md")));
    assertEquals("personal notes", contexts.of(chunk("d", "/vault")));
    assertNull(contexts.of(chunk("e", "/vaults/x.md")), "a prefix matches whole folder names");
    assertNull(
        contexts.of(
            MemoryRecord.builder()
                .id("x")
                .silo(Silo.MEMORY)
                .content("no origin")
                .build(RecallEngineTest.NOW)));
  }

  @Test
  void badEntriesAreRefusedNamingTheKey() throws IOException {
    Path file =
        Files.writeString(
            workspace.resolve("recall4j.yaml"),
            """
            recall:
              source_contexts:
                /vault/meetings: ""
            """);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ConfigFile.read(file));
    assertTrue(
        e.getMessage().contains("recall.source_contexts./vault/meetings")
            && e.getMessage().contains(file.toString()),
        e.getMessage());
    IllegalArgumentException twoLines =
        assertThrows(
            IllegalArgumentException.class,
            () -> EngineConfig.builder(workspace).sourceContext("/v", "a\nb").build());
    assertTrue(
        twoLines.getMessage().startsWith("recall.source_contexts./v"), twoLines.getMessage());
  }

  @Test
  void yamlSetsContextsLinksAndTheRenderedLine() throws IOException {
    Path file =
        Files.writeString(
            workspace.resolve("recall4j.yaml"),
            """
            recall:
              links: {expand: true, damping: 0.6, max_linked: 4, follow_top: 3}
              source_contexts:
                /vault/meetings: meeting transcripts
                /vault: personal notes
            budget: {render_source_context: true}
            """);
    EngineConfig config = ConfigFile.read(file);
    assertEquals(new LinkSettings(true, 0.6, 4, 3), config.recall().links());
    assertEquals(
        Map.of("/vault/meetings", "meeting transcripts", "/vault", "personal notes"),
        config.recall().sourceContexts());
    assertTrue(config.budget().renderOptions().sourceContext());
    EngineConfig defaults = ConfigFile.forWorkspace(workspace.resolve("nowhere"));
    assertEquals(
        new LinkSettings(LinkSettings.DEFAULTS.expand(), LinkSettings.DEFAULTS.damping(), 10, 10),
        defaults.recall().links());
    assertFalse(defaults.budget().renderOptions().sourceContext());

    Path bad =
        Files.writeString(workspace.resolve("bad.yaml"), "recall: {links: {damping: 1.5}}\n");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ConfigFile.read(bad));
    assertTrue(e.getMessage().contains("recall.links.damping"), e.getMessage());
  }

  RecallResult recall(boolean renderLine) throws IOException {
    EngineConfig config =
        EngineConfig.builder(workspace)
            .embedderProvider(EmbedderProvider.NONE)
            .statsEnabled(false)
            .sourceContext("/vault/meetings", "meeting transcripts")
            .renderSourceContext(renderLine)
            .build();
    try (RecallEngine engine = RecallEngine.open(config, null, RecallEngineTest.CLOCK)) {
      engine.importAll(
          List.of(chunk("m", "/vault/meetings/2026-11-01.md"), chunk("n", "/vault/notes/a.md")));
      return engine.recall(
          RecallRequest.builder("harbour crane")
              .scope(ALICE)
              .budgetTokens(10_000)
              .deadline(Duration.ofSeconds(30))
              .build());
    }
  }

  @Test
  void recallReturnsTheContextInJsonAndRendersItOnlyWhenAsked() throws IOException {
    RecallResult plain = recall(false);
    JsonNode items = JsonShapes.recall(plain, false).get("items");
    assertEquals(2, items.size());
    for (JsonNode item : items) {
      assertEquals(
          item.get("id").asText().equals("m") ? "meeting transcripts" : null,
          item.get("source_context").isNull() ? null : item.get("source_context").asText(),
          item.toString());
    }
    assertFalse(plain.context().contains("meeting transcripts"), plain.context());

    RecallResult rendered = recall(true);
    assertTrue(rendered.context().contains("(source: meeting transcripts)\n"), rendered.context());
    assertEquals(1, rendered.context().split("\\(source:", -1).length - 1, rendered.context());
    assertTrue(rendered.tokensUsed() > plain.tokensUsed(), "the line is counted in the budget");
  }

  @Test
  void searchItemsCarryTheContext() throws IOException {
    EngineConfig config =
        EngineConfig.builder(workspace)
            .embedderProvider(EmbedderProvider.NONE)
            .statsEnabled(false)
            .sourceContext("/vault/meetings", "meeting transcripts")
            .build();
    try (RecallEngine engine = RecallEngine.open(config, null, RecallEngineTest.CLOCK)) {
      engine.importAll(List.of(chunk("m", "/vault/meetings/2026-11-01.md")));
      SearchResult found =
          engine.search(
              RecallRequest.builder("harbour crane")
                  .scope(ALICE)
                  .deadline(Duration.ofSeconds(30))
                  .build(),
              Teams.NONE,
              5);
      assertEquals("meeting transcripts", found.items().get(0).sourceContext());
    }
  }
}
