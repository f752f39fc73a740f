package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Origin;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Source;
import dev.recall4j.core.Tier;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExportImportTest {
  static final Instant T0 = Instant.parse("2026-11-01T12:00:00Z");
  static final Scope ALICE = Scope.of("alice");

  @TempDir Path dir;

  RecallEngine open(String name) throws IOException {
    EngineConfig config =
        EngineConfig.builder(dir)
            .indexDir(Path.of(name))
            .embedderProvider(EmbedderProvider.NONE)
            .build();
    return RecallEngine.open(
        config,
        new HashingEmbedder(8),
        java.time.Clock.fixed(T0.plusSeconds(600), java.time.ZoneOffset.UTC));
  }

  static List<String> exportJsonl(RecallEngine engine) {
    List<String> lines = new ArrayList<>();
    engine.export(ALICE, Teams.NONE, r -> lines.add(RecordJson.write(r, true)));
    return lines;
  }

  @Test
  void jsonlExportThenImportIsLossless() throws IOException {
    List<String> exported;
    List<MemoryRecord> original = new ArrayList<>();
    try (RecallEngine engine = open("a")) {
      engine.saveAll(
          List.of(
              MemoryRecord.builder()
                  .id("who")
                  .silo(Silo.MEMORY)
                  .kind(Kind.IDENTITY)
                  .tier(Tier.PINNED)
                  .scope(ALICE)
                  .source(Source.USER)
                  .trust(0.95)
                  .tags(List.of("profile"))
                  .content("Alice, tide modeller.")
                  .build(T0),
              MemoryRecord.builder()
                  .id("v1")
                  .silo(Silo.MEMORY)
                  .scope(new Scope("alice", "tide", "t1", "s1"))
                  .title("Deploys")
                  .summary("Friday deploys")
                  .content("Deploys run on Fridays.")
                  .build(T0),
              MemoryRecord.builder()
                  .id("doc.md#0")
                  .silo(Silo.RAG)
                  .scope(ALICE)
                  .origin(new Origin("docs/doc.md", 0, 1))
                  .content("Harmonic constituents.")
                  .build(T0),
              MemoryRecord.builder()
                  .id("gone")
                  .silo(Silo.KB)
                  .scope(ALICE)
                  .content("Forgotten observation.")
                  .build(T0),
              MemoryRecord.builder()
                  .id("bob")
                  .silo(Silo.KB)
                  .scope(Scope.of("bob"))
                  .content("Not alice's.")
                  .build(T0)));
      engine.supersede(
          new Scope("alice", "tide", "t1", "s1"),
          "v1",
          MemoryRecord.builder()
              .id("v2")
              .silo(Silo.MEMORY)
              .scope(new Scope("alice", "tide", "t1", "s1"))
              .source(Source.USER_CORRECTION)
              .content("Deploys run on Thursdays.")
              .build(T0.plusSeconds(60)));
      engine.forget(ALICE, "gone");
      engine.archive(ALICE, "doc.md#0");
      engine.recall(RecallRequest.builder("deploys").scope(ALICE).build());
    }
    try (RecallEngine engine = open("a")) {
      exported = exportJsonl(engine);
      engine.export(ALICE, Teams.NONE, original::add);
    }
    assertEquals(
        List.of("doc.md#0", "gone", "v1", "v2", "who"),
        original.stream().map(MemoryRecord::id).toList(),
        "namespace only, id order");
    assertTrue(
        original.stream().anyMatch(r -> r.recallCount() > 0 && r.lastAccessed() != null),
        "statistics are exported");
    Path file = Files.write(dir.resolve("alice.jsonl"), exported);
    try (RecallEngine engine = open("b")) {
      engine.importAll(RecordFiles.readJsonl(file, "default", T0));
    }
    try (RecallEngine engine = open("b")) {
      assertEquals(exported, exportJsonl(engine), "the JSONL round trip is exact");
      List<MemoryRecord> restored = new ArrayList<>();
      engine.export(ALICE, Teams.NONE, restored::add);
      assertEquals(original, restored, "every field, the vector bit for bit");
      assertEquals(
          List.of("v2", "v1"), engine.history(ALICE, "v1").stream().map(MemoryRecord::id).toList());
    }
  }

  @Test
  void markdownHasFrontMatterThenTitleAndContent() {
    MemoryRecord r =
        MemoryRecord.builder()
            .id("pref/1")
            .silo(Silo.MEMORY)
            .kind(Kind.USER_PREFERENCE)
            .tier(Tier.PINNED)
            .scope(Scope.of("alice", "tide"))
            .tags(List.of("go", "style"))
            .source(Source.USER)
            .supersedes("pref-0")
            .title("Indentation")
            .content("Prefers tabs: over spaces.")
            .build(T0);
    assertEquals(
        """
        ---
        id: pref/1
        silo: memory
        kind: user_preference
        status: active
        tier: pinned
        always_load: true
        namespace: alice
        project: tide
        tags:
        - go
        - style
        source: user
        supersedes: pref-0
        created: 2026-11-01T12:00:00Z
        updated: 2026-11-01T12:00:00Z
        recall_count: 0
        content_hash: %s
        ---
        # Indentation

        Prefers tabs: over spaces.
        """
            .formatted(r.contentHash()),
        RecordMarkdown.render(r));
    assertTrue(
        RecordMarkdown.fileName(r).matches("pref_1-[0-9a-f]{16}\\.md"), RecordMarkdown.fileName(r));
  }
}
