package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.budget.TokenCounters;
import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.RecallResult;
import dev.recall4j.core.RecalledItem;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Status;
import dev.recall4j.core.Tier;
import dev.recall4j.embeddings.Embedders;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The spine end to end on a real on-disk index, lexical only (fast); hybrid is covered below. */
class RecallEngineTest {
  static final Instant NOW = Instant.parse("2026-11-01T12:00:00Z");
  static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
  static final Scope SCOPE = Scope.of("alice");

  @TempDir Path workspace;

  EngineConfig config() {
    return EngineConfig.builder(workspace).embedderProvider(EmbedderProvider.NONE).build();
  }

  static MemoryRecord record(String id, Silo silo, Kind kind, Tier tier, String content) {
    return MemoryRecord.builder()
        .id(id)
        .silo(silo)
        .kind(kind)
        .tier(tier)
        .scope(SCOPE)
        .content(content)
        .build(NOW.minusSeconds(3600));
  }

  static List<MemoryRecord> threeSilos() {
    return List.of(
        record(
            "profile",
            Silo.MEMORY,
            Kind.WORKSPACE_PROFILE,
            Tier.PINNED,
            "Workspace tidewatch: a Java service that predicts tides."),
        record(
            "fact",
            Silo.MEMORY,
            Kind.PROJECT_FACT,
            Tier.ACTIVE,
            "The build runs with mvn verify and needs the station fixtures."),
        record(
            "tool",
            Silo.MEMORY,
            Kind.TOOL_USE,
            Tier.ACTIVE,
            "mvn verify failed with a NullPointerException in TideTable.parse on a blank phase."),
        record(
            "chunk",
            Silo.RAG,
            Kind.RAG_CHUNK,
            Tier.ACTIVE,
            "Troubleshooting: a NullPointerException in TideTable.parse means a station CSV has a blank field."),
        record(
            "obs",
            Silo.KB,
            Kind.OBSERVATION,
            Tier.ACTIVE,
            "Station CSVs leave blank phases; parsers must treat blank fields as zero."),
        record(
            "other",
            Silo.MEMORY,
            Kind.USER_PREFERENCE,
            Tier.ACTIVE,
            "The user likes green tea in the morning."));
  }

  @Test
  void savesThreeSilosReopensAndRecallsPinnedFirstWithinBudget() throws IOException {
    try (RecallEngine engine = RecallEngine.open(config(), null, CLOCK)) {
      engine.saveAll(threeSilos());
    }
    try (RecallEngine engine = RecallEngine.open(config(), null, CLOCK)) {
      RecallResult result =
          engine.recall(
              RecallRequest.builder("NullPointerException TideTable blank phase")
                  .scope(SCOPE)
                  .budgetTokens(400)
                  .build());
      List<String> ids = result.items().stream().map(i -> i.record().id()).toList();
      assertEquals("profile", ids.get(0), "pinned profile first: " + ids);
      assertTrue(ids.containsAll(List.of("tool", "chunk", "obs")), "one item of each silo: " + ids);
      assertFalse(ids.contains("other"), "an unrelated memory is not recalled: " + ids);
      assertEquals("lexical (no embedder)", result.retrieval().describe());
      assertTrue(result.context().startsWith("[memory context]"), result.context());
      assertTrue(TokenCounters.cl100k().count(result.context()) <= 400);
      assertEquals(TokenCounters.cl100k().count(result.context()), result.tokensUsed());
      RecalledItem tool =
          result.items().stream()
              .filter(i -> i.record().id().equals("tool"))
              .findFirst()
              .orElseThrow();
      assertTrue(tool.score().lexicalRank() >= 1, "lexical rank recorded");
      assertEquals(0, tool.score().vectorRank(), "no vector path without an embedder");
    }
  }

  @Test
  void compactingLeavesOneSegmentAndTheSameRecall() throws IOException {
    RecallRequest request =
        RecallRequest.builder("NullPointerException TideTable blank phase")
            .scope(SCOPE)
            .budgetTokens(400)
            .build();
    List<String> before;
    try (RecallEngine engine = RecallEngine.open(config(), null, CLOCK)) {
      for (MemoryRecord r : threeSilos()) {
        engine.saveAll(List.of(r)); // one commit, one segment each
      }
      before = engine.recall(request).items().stream().map(i -> i.record().id()).toList();
      engine.compact();
      assertEquals(
          before, engine.recall(request).items().stream().map(i -> i.record().id()).toList());
    }
    try (org.apache.lucene.index.DirectoryReader reader =
        org.apache.lucene.index.DirectoryReader.open(
            org.apache.lucene.store.FSDirectory.open(config().indexDir()))) {
      assertEquals(1, reader.leaves().size());
      assertEquals(threeSilos().size(), reader.numDocs());
    }
  }

  @Test
  void forgottenRecordsNeverComeBackEvenAfterReopen() throws IOException {
    try (RecallEngine engine = RecallEngine.open(config(), null, CLOCK)) {
      engine.saveAll(threeSilos());
      MemoryRecord forgotten = engine.forget(SCOPE, "tool");
      assertEquals(Status.DELETED, forgotten.status());
    }
    try (RecallEngine engine = RecallEngine.open(config(), null, CLOCK)) {
      RecallResult result =
          engine.recall(
              RecallRequest.builder("NullPointerException TideTable mvn verify")
                  .scope(SCOPE)
                  .build());
      assertFalse(result.items().stream().anyMatch(i -> i.record().id().equals("tool")));
      assertEquals(
          Status.DELETED, engine.get(SCOPE, "tool").orElseThrow().status(), "kept for audit");
    }
  }

  @Test
  void anotherNamespaceSeesNothing() throws IOException {
    try (RecallEngine engine = RecallEngine.open(config(), null, CLOCK)) {
      engine.saveAll(threeSilos());
      RecallResult result =
          engine.recall(
              RecallRequest.builder("NullPointerException TideTable").namespace("bob").build());
      assertTrue(result.items().isEmpty(), result.items().toString());
      assertTrue(engine.get(Scope.of("bob"), "tool").isEmpty());
      assertThrows(IllegalArgumentException.class, () -> engine.forget(Scope.of("bob"), "tool"));
    }
  }

  @Test
  void badInputNamesTheFieldAndKeepsEverythingStored() throws IOException {
    EngineConfig config = config();
    try (RecallEngine engine = RecallEngine.open(config, new HashingEmbedder(8), CLOCK)) {
      engine.saveAll(threeSilos());
      IllegalArgumentException wrongDimension =
          assertThrows(
              IllegalArgumentException.class,
              () ->
                  engine.save(
                      record("bad", Silo.MEMORY, Kind.TOOL_USE, Tier.ACTIVE, "x").toBuilder()
                          .vector(new float[] {1, 2, 3})
                          .build()));
      assertTrue(wrongDimension.getMessage().startsWith("vector"), wrongDimension.getMessage());
      IllegalArgumentException nan =
          assertThrows(
              IllegalArgumentException.class,
              () ->
                  record("bad", Silo.MEMORY, Kind.TOOL_USE, Tier.ACTIVE, "x").toBuilder()
                      .vector(new float[] {1, Float.NaN})
                      .build());
      assertTrue(nan.getMessage().startsWith("vector"), nan.getMessage());
      IllegalArgumentException empty =
          assertThrows(
              IllegalArgumentException.class,
              () -> record("bad", Silo.MEMORY, Kind.TOOL_USE, Tier.ACTIVE, "  "));
      assertTrue(empty.getMessage().startsWith("content"), empty.getMessage());
      List<MemoryRecord> batchWithBadRecord =
          List.of(
              record("fine", Silo.MEMORY, Kind.TOOL_USE, Tier.ACTIVE, "fine"),
              record("bad", Silo.MEMORY, Kind.TOOL_USE, Tier.ACTIVE, "x").toBuilder()
                  .vector(new float[] {1, 2, 3})
                  .build());
      assertThrows(IllegalArgumentException.class, () -> engine.saveAll(batchWithBadRecord));
      assertTrue(engine.get(SCOPE, "fine").isEmpty(), "a failed batch writes nothing");
    }
    try (RecallEngine engine = RecallEngine.open(config, new HashingEmbedder(8), CLOCK)) {
      Set<String> stored =
          threeSilos().stream()
              .map(MemoryRecord::id)
              .filter(id -> engine.get(SCOPE, id).isPresent())
              .collect(Collectors.toSet());
      assertEquals(6, stored.size(), "everything saved before the bad input survives: " + stored);
    }
  }

  @Test
  void hybridRecallWithTheInProcessModelFindsParaphrases() throws IOException {
    EngineConfig config = EngineConfig.builder(workspace).build();
    try (RecallEngine engine =
        RecallEngine.open(config, Embedders.inProcess(Embedders.DEFAULT_MODEL), CLOCK)) {
      engine.saveAll(threeSilos());
      RecallResult result =
          engine.recall(
              RecallRequest.builder("morning beverage the user enjoys")
                  .scope(SCOPE)
                  .deadline(java.time.Duration.ofSeconds(30))
                  .build());
      assertEquals("hybrid", result.retrieval().describe());
      RecalledItem tea =
          result.items().stream()
              .filter(i -> i.record().id().equals("other"))
              .findFirst()
              .orElseThrow(
                  () -> new AssertionError("paraphrase not recalled: " + result.context()));
      assertTrue(
          tea.score().vectorRank() == 1, "the paraphrase is the best vector hit: " + tea.score());
      assertEquals(
          Embedders.DEFAULT_MODEL, engine.get(SCOPE, "other").orElseThrow().embeddingModel());
    }
  }
}
