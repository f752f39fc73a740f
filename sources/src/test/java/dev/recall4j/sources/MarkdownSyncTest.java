package dev.recall4j.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Source;
import dev.recall4j.core.Status;
import dev.recall4j.core.Tier;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A Markdown vault synced from real files into a real index. */
class MarkdownSyncTest {
  @TempDir Path dir;
  SyncFixture f;
  SourceSpec vault;

  @BeforeEach
  void open() throws IOException {
    f = new SyncFixture(dir);
    vault =
        new SourceSpec(
            "notes",
            SourceType.MARKDOWN,
            dir.resolve("vault"),
            List.of("_inbox", ".obsidian"),
            List.of("_archive"),
            List.of("CLAUDE.md"),
            SourceSpec.DEFAULT_CHUNK_WORDS,
            false,
            null,
            null,
            Map.of(),
            false,
            false);
  }

  @AfterEach
  void close() throws IOException {
    f.close();
  }

  static String threeSections() {
    return """
        # Tides
        Brest reports every ten minutes.

        # Gauges
        The gauge at Roscoff is offline.

        # Units
        Heights are in metres.
        """;
  }

  @Test
  void sameFileNameInTwoFoldersKeepsBoth() throws IOException {
    f.write("vault/a/notes.md", "Alpha harbour notes.");
    f.write("vault/b/notes.md", "Bravo harbour notes.");
    SyncReport r = f.sync.sync(vault);
    assertEquals(2, r.added());
    assertEquals("Alpha harbour notes.", f.require("notes:a/notes.md#0").content());
    assertEquals("Bravo harbour notes.", f.require("notes:b/notes.md#0").content());
    assertEquals(
        dir.resolve("vault/a/notes.md").toString(),
        f.require("notes:a/notes.md#0").origin().path());
  }

  @Test
  void aShrunkFileLosesItsTrailingChunks() throws IOException {
    Path file = f.write("vault/tides.md", threeSections());
    assertEquals(3, f.sync.sync(vault).added());
    Files.writeString(file, "# Tides\nBrest reports every ten minutes.\n");
    SyncReport r = f.sync.sync(vault);
    assertEquals(2, r.deleted(), r.toString());
    assertEquals(Status.ACTIVE, f.require("notes:tides.md#0").status());
    assertEquals(Status.DELETED, f.require("notes:tides.md#1").status());
    assertEquals(Status.DELETED, f.require("notes:tides.md#2").status());
  }

  @Test
  void aVanishedFileIsDeletedAndComesBackActive() throws IOException {
    Path file = f.write("vault/tides.md", threeSections());
    f.sync.sync(vault);
    Files.delete(file);
    assertEquals(3, f.sync.sync(vault).deleted());
    assertEquals(Status.DELETED, f.require("notes:tides.md#0").status());
    f.write("vault/tides.md", threeSections());
    SyncReport back = f.sync.sync(vault);
    assertEquals(3, back.updated(), back.toString());
    assertEquals(Status.ACTIVE, f.require("notes:tides.md#0").status());
  }

  @Test
  void anUnchangedFileCostsNoWriteAndNoEmbedding() throws IOException {
    Path file = f.write("vault/tides.md", threeSections());
    f.write("vault/other.md", "Something else entirely.");
    f.sync.sync(vault);
    int embedded = f.embedder.documents.get();
    MemoryRecord before = f.require("notes:tides.md#1");
    SyncReport again = f.sync.sync(vault);
    assertTrue(again.isUnchanged(), again.toString());
    assertEquals(4, again.unchanged());
    f.touch(file); // same bytes, new time: read and hashed, nothing written
    assertTrue(f.sync.sync(vault).isUnchanged());
    assertEquals(embedded, f.embedder.documents.get());
    assertEquals(before, f.require("notes:tides.md#1"));
    // One section edited: only that chunk is embedded again.
    Files.writeString(file, threeSections().replace("offline", "back online"));
    SyncReport edit = f.sync.sync(vault);
    assertEquals(1, edit.updated(), edit.toString());
    assertEquals(embedded + 1, f.embedder.documents.get());
  }

  @Test
  void lifecycleSetThroughRecall4jSurvivesAResync() throws IOException {
    Path file = f.write("vault/tides.md", threeSections() + "\n# Extra\nA fourth section.\n");
    f.sync.sync(vault);
    f.engine.pin(SyncFixture.SCOPE, "notes:tides.md#0");
    f.engine.archive(SyncFixture.SCOPE, "notes:tides.md#1");
    f.engine.forget(SyncFixture.SCOPE, "notes:tides.md#2");
    f.engine.supersede(
        SyncFixture.SCOPE,
        "notes:tides.md#3",
        MemoryRecord.builder()
            .id("fourth-v2")
            .silo(Silo.RAG)
            .scope(SyncFixture.SCOPE)
            .content("A better fourth section.")
            .build(Instant.now()));
    f.touch(file);
    f.sync.sync(vault);
    // Another part of the file changes: the untouched chunks keep their state.
    Files.writeString(file, Files.readString(file) + "\n# Fifth\nNew at the end.\n");
    SyncReport r = f.sync.sync(vault);
    assertEquals(1, r.added(), r.toString());
    assertEquals(Tier.PINNED, f.require("notes:tides.md#0").tier());
    assertEquals(Tier.ARCHIVED, f.require("notes:tides.md#1").tier());
    assertEquals(Status.DELETED, f.require("notes:tides.md#2").status());
    MemoryRecord superseded = f.require("notes:tides.md#3");
    assertEquals(Status.SUPERSEDED, superseded.status());
    assertTrue(superseded.links().contains("fourth-v2"));
  }

  @Test
  void everyFrontMatterKeyIsRead() throws IOException {
    f.write(
        "vault/prefs/units.md",
        """
        ---
        id: pref-units
        kind: user_preference
        status: active
        always_load: true
        supersedes: "[[old-units]]"
        tags: [units, "#style"]
        title: Units
        created: 2026-06-20
        updated: 2026-06-21T09:30:00Z
        source: user
        trust: 0.9
        aliases: [metric]
        ---
        Show tide heights in metres, see [[tides]] and [[Gauges|the gauges]].
        """);
    f.write("vault/old-units.md", "Heights in feet.");
    f.write("vault/tides.md", threeSections());
    f.write("vault/Gauges.md", "Gauge list.");
    f.sync.sync(vault);
    MemoryRecord r = f.require("pref-units");
    assertEquals(Silo.MEMORY, r.silo());
    assertEquals(Kind.USER_PREFERENCE, r.kind());
    assertEquals(Tier.PINNED, r.tier());
    assertEquals(Status.ACTIVE, r.status());
    assertEquals("notes:old-units.md#0", r.supersedes());
    assertEquals(List.of("units", "style"), r.tags());
    assertEquals("Units", r.title());
    assertEquals(Instant.parse("2026-06-20T00:00:00Z"), r.created());
    assertEquals(Instant.parse("2026-06-21T09:30:00Z"), r.updated());
    assertEquals(Source.USER, r.source());
    assertEquals(0.9, r.trust());
    assertEquals(List.of("notes:tides.md#0", "notes:Gauges.md#0"), r.links());
    assertEquals(15, r.origin().line());
    assertEquals(dir.resolve("vault/prefs/units.md").toString(), r.origin().path());
  }

  @Test
  void aVaultStatusOfItsOwnBecomesATag() throws IOException {
    f.write("vault/design.md", "---\nstatus: launched\nkind: design\n---\nThe memory pillar.\n");
    f.sync.sync(vault);
    MemoryRecord r = f.require("notes:design.md#0");
    assertEquals(Status.ACTIVE, r.status());
    assertEquals(List.of("status:launched"), r.tags());
    assertEquals(Kind.of("design"), r.kind());
  }

  @Test
  void chunksCarryTheirLines() throws IOException {
    f.write("vault/tides.md", "---\ntitle: Tides\n---\n" + threeSections());
    f.sync.sync(vault);
    assertEquals(5, f.require("notes:tides.md#0").origin().line());
    assertEquals(8, f.require("notes:tides.md#1").origin().line());
    assertEquals(11, f.require("notes:tides.md#2").origin().line());
    assertEquals("Tides › Gauges", f.require("notes:tides.md#1").title());
  }

  @Test
  void invalidFrontMatterNamesTheFileAndLineAndTheRestSyncs() throws IOException {
    // Issue 32: a bad file is reported and left out; it no longer stops the sync.
    f.write("vault/good.md", "A good note.");
    Path file = f.write("vault/bad.md", "---\ntitle: Fine\ncreated: yesterday\n---\nBody.\n");
    SyncReport report = f.sync.sync(vault);
    assertEquals(1, report.errors().size(), report.toString());
    assertTrue(report.errors().get(0).startsWith(file + ":3: "), report.errors().get(0));
    assertTrue(report.errors().get(0).contains("created"), report.errors().get(0));
    assertTrue(f.get("notes:good.md#0").isPresent());
    Files.writeString(file, "---\ntitle: [unclosed\n---\nBody.\n");
    String yaml = f.sync.sync(vault).errors().get(0);
    assertTrue(yaml.startsWith(file + ":"), yaml);
    Files.writeString(file, "---\ntitle: never closed\nBody.\n");
    assertTrue(f.sync.sync(vault).errors().get(0).startsWith(file + ":1: "));
    Files.writeString(file, "Fixed.");
    SyncReport fixed = f.sync.sync(vault);
    assertTrue(fixed.errors().isEmpty(), fixed.toString());
    assertEquals("Fixed.", f.require("notes:bad.md#0").content());
  }

  @Test
  void excludedFoldersAreSkippedAndArchivedOnesArchived() throws IOException {
    f.write("vault/_inbox/raw.md", "Unsorted.");
    f.write("vault/.obsidian/workspace.md", "Tool state.");
    f.write("vault/_archive/old.md", "An old note.");
    f.sync.sync(vault);
    assertFalse(f.get("notes:_inbox/raw.md#0").isPresent());
    assertFalse(f.get("notes:.obsidian/workspace.md#0").isPresent());
    assertEquals(Tier.ARCHIVED, f.require("notes:_archive/old.md#0").tier());
  }

  @Test
  void pinnedFilesArePinned() throws IOException {
    f.write("vault/CLAUDE.md", "# Conventions\nRun the formatter before each commit.\n");
    f.sync.sync(vault);
    assertEquals(Tier.PINNED, f.require("notes:CLAUDE.md#0").tier());
  }
}
