package dev.recall4j.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Status;
import dev.recall4j.core.Tier;
import dev.recall4j.engine.IndexWrites;
import dev.recall4j.engine.Teams;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Write-back (issue 32, item 7): appends, supersedes and forgets through the write port land in a
 * writable source's files first, then in the index, so that the next sync finds nothing to do.
 */
class WriteBackTest {
  static final Instant NOW = Instant.parse("2026-11-27T09:30:00Z");

  @TempDir Path dir;
  SyncFixture f;

  @BeforeEach
  void open() throws IOException {
    f = new SyncFixture(dir);
  }

  @AfterEach
  void close() throws IOException {
    f.close();
  }

  /** The port a command or the server writes through, for the sources of this YAML. */
  IndexWrites port(String yaml) throws IOException {
    SourcesConfig sources = SourcesConfig.read(f.write("recall4j.yaml", yaml));
    return SourceWriteBack.wrap(
        f.engine,
        dir.resolve("index"),
        SyncFixture.SCOPE,
        sources,
        Clock.fixed(NOW, ZoneOffset.UTC));
  }

  SourcesConfig config() throws IOException {
    return SourcesConfig.read(dir.resolve("recall4j.yaml"));
  }

  static MemoryRecord fact(String id, String content) {
    return MemoryRecord.builder()
        .id(id)
        .silo(Silo.MEMORY)
        .kind(Kind.USER_PREFERENCE)
        .scope(SyncFixture.SCOPE)
        .tags(List.of("units"))
        .content(content)
        .build(NOW);
  }

  void assertNextSyncIsANoOp() throws IOException {
    SyncReport again =
        f.sync.syncAll(config().sources()).values().stream()
            .reduce(SyncReport.EMPTY, SyncReport::plus);
    assertTrue(again.isUnchanged(), "files and index already agree: " + again);
    assertFalse(again.isPartial(), again.toString());
  }

  static final String VAULT =
      """
      sources:
        - {name: wiki, type: markdown, path: vault, writable: true}
      """;

  @Test
  void anAppendIsANoteWithFrontMatterThenARecordOfIt() throws IOException {
    IndexWrites writes = port(VAULT);
    String id = writes.add(fact("pref-units", "Show tide heights in metres.")).id();

    Path note = dir.resolve("vault/user-preference/show-tide-heights-in-metres.md");
    assertEquals(
        """
        ---
        id: pref-units
        kind: user_preference
        silo: memory
        tags:
        - units
        source: agent
        created: 2026-11-27T09:30:00Z
        ---
        Show tide heights in metres.
        """,
        Files.readString(note));
    assertEquals("pref-units", id);
    MemoryRecord stored = f.require("pref-units");
    assertEquals(note.toString(), stored.origin().path());
    assertEquals(Kind.USER_PREFERENCE, stored.kind());
    assertEquals(List.of("units"), stored.tags());
    assertNextSyncIsANoOp();
  }

  @Test
  void aPinnedAppendIsPinnedInTheNoteAndAnIdTakenByANoteIsRefused() throws IOException {
    IndexWrites writes = port(VAULT);
    writes.add(
        fact("who", "The user is Ada, a tide modeller.").toBuilder().tier(Tier.PINNED).build());
    Path note = dir.resolve("vault/user-preference/the-user-is-ada-a-tide-modeller.md");
    assertTrue(Files.readString(note).contains("\ntier: pinned\n"), Files.readString(note));
    assertEquals(Tier.PINNED, f.require("who").tier());
    assertNextSyncIsANoOp();

    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> writes.add(fact("who", "Another text under the same id.")));
    assertEquals(
        "id: \"who\" is already the record of " + note + "; supersede it to change it",
        e.getMessage());
  }

  @Test
  void aSupersedeWritesTheReplacementAndRetiresTheOldNoteInItsFrontMatter() throws IOException {
    IndexWrites writes = port(VAULT);
    writes.add(fact("pref-units", "Show tide heights in metres."));
    MemoryRecord replacement =
        writes.supersede(
            SyncFixture.SCOPE, "pref-units", fact("pref-units-2", "Show tide heights in feet."));

    assertEquals("pref-units-2", replacement.id());
    assertEquals("pref-units", replacement.supersedes());
    String old =
        Files.readString(dir.resolve("vault/user-preference/show-tide-heights-in-metres.md"));
    assertTrue(old.contains("\nstatus: superseded\n"), old);
    String newer =
        Files.readString(dir.resolve("vault/user-preference/show-tide-heights-in-feet.md"));
    assertTrue(newer.contains("\nsupersedes: pref-units\n"), newer);
    assertEquals(Status.SUPERSEDED, f.require("pref-units").status());
    assertEquals(Status.ACTIVE, f.require("pref-units-2").status());
    assertNextSyncIsANoOp();

    writes.forget(SyncFixture.SCOPE, "pref-units-2");
    String forgotten =
        Files.readString(dir.resolve("vault/user-preference/show-tide-heights-in-feet.md"));
    assertTrue(
        forgotten.contains("\nstatus: deleted\ndeleted_at: 2026-11-27T09:30:00Z\n"), forgotten);
    assertTrue(
        forgotten.endsWith("Show tide heights in feet.\n"), "the note is kept: " + forgotten);
    assertEquals(Status.DELETED, f.require("pref-units-2").status());
    assertNextSyncIsANoOp();
  }

  static final String LOGS =
      """
      sources:
        - name: harness
          type: daily-log
          path: workspace
          writable: true
      """;

  @Test
  void aLogAppendIsABulletUnderTodaysDateAndAForgetStrikesItThrough() throws IOException {
    IndexWrites writes = port(LOGS);
    String first = writes.add(fact("a", "Kafka consumer lag is on the ops dashboard.")).id();
    String second =
        writes
            .add(fact("b", "The deploy needs --region eu-west-1;\nor it goes to us-east-1."))
            .id();

    Path log = dir.resolve("workspace/memory/2026-11-27.md");
    assertEquals(
        """
        # 2026-11-27

        - Kafka consumer lag is on the ops dashboard.
        - The deploy needs --region eu-west-1;
          or it goes to us-east-1.
        """,
        Files.readString(log));
    assertEquals("harness:memory/2026-11-27.md#0", first);
    assertEquals("harness:memory/2026-11-27.md#1", second);
    assertEquals(2, f.require(second).origin().line() - f.require(first).origin().line() + 1);
    assertNextSyncIsANoOp();

    writes.forget(SyncFixture.SCOPE, second);
    assertTrue(
        Files.readString(log)
            .endsWith("- ~~The deploy needs --region eu-west-1;\n  or it goes to us-east-1.~~\n"),
        Files.readString(log));
    assertEquals(Status.DELETED, f.require(second).status());
    assertEquals(Status.ACTIVE, f.require(first).status());
    assertNextSyncIsANoOp();

    MemoryRecord replacement =
        writes.supersede(SyncFixture.SCOPE, first, fact("c", "Kafka lag alerts page the on-call."));
    assertEquals("harness:memory/2026-11-27.md#2", replacement.id());
    assertTrue(
        Files.readString(log).contains("- ~~Kafka consumer lag is on the ops dashboard.~~\n"));
    assertTrue(Files.readString(log).endsWith("- Kafka lag alerts page the on-call.\n"));
    assertEquals(Status.DELETED, f.require(first).status());
    assertNextSyncIsANoOp();
  }

  @Test
  void anEditMadeMeanwhileIsNeverWrittenOver() throws IOException {
    IndexWrites writes = port(LOGS);
    String id = writes.add(fact("a", "Kafka consumer lag is on the ops dashboard.")).id();
    Path log = dir.resolve("workspace/memory/2026-11-27.md");
    String edited = "# 2026-11-27\n\n- Kafka consumer lag moved to Grafana.\n";
    Files.writeString(log, edited);

    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> writes.forget(SyncFixture.SCOPE, id));
    assertTrue(e.getMessage().startsWith(log + ":3: "), e.getMessage());
    assertEquals(edited, Files.readString(log), "the owner's edit is kept");

    FileText.Read read = FileText.read(log);
    Files.writeString(log, edited + "- another edit\n");
    IllegalStateException raced =
        assertThrows(IllegalStateException.class, () -> FileText.replace(read, "clobbered\n"));
    assertTrue(
        raced.getMessage().startsWith(log + ": changed by someone else"), raced.getMessage());
    assertEquals(edited + "- another edit\n", Files.readString(log));
    try (Stream<Path> left = Files.list(log.getParent())) {
      assertEquals(List.of(log), left.toList(), "no temporary file is left");
    }
  }

  @Test
  void aSyncBesideWriteBacksLosesNoneOfTheirFiles() throws Exception {
    IndexWrites writes = port(VAULT);
    Files.createDirectories(dir.resolve("vault"));
    int notes = 20;
    java.util.concurrent.ExecutorService pool =
        java.util.concurrent.Executors.newFixedThreadPool(2);
    try {
      java.util.concurrent.Future<?> syncing =
          pool.submit(
              () -> {
                for (int i = 0; i < notes; i++) {
                  f.sync.syncAll(config().sources());
                }
                return null;
              });
      for (int i = 0; i < notes; i++) {
        writes.add(fact("note-" + i, "Fact number " + i + " about the tide gauges."));
      }
      syncing.get();
    } finally {
      pool.shutdown();
    }
    assertEquals(
        notes,
        SyncState.read(dir.resolve("index")).source("wiki").files().size(),
        "every note written back is in the sync state");
    assertNextSyncIsANoOp();
  }

  @Test
  void aRecordGoesToTheWritableSourceOfItsScope() throws IOException {
    IndexWrites writes =
        port(
            """
            sources:
              - {name: mine, type: markdown, path: mine, writable: true}
              - {name: shared, type: markdown, path: shared, team: tide, writable: true}
            """);
    Scope team = Scope.of(Teams.namespace("tide"));
    writes.add(fact("t1", "The tide team deploys on Tuesdays.").toBuilder().scope(team).build());
    writes.add(fact("m1", "I deploy on Thursdays."));

    assertEquals(1, files(dir.resolve("shared")).size(), "the team's record in the team's vault");
    assertTrue(Files.readString(files(dir.resolve("shared")).get(0)).contains("Tuesdays"));
    assertEquals(1, files(dir.resolve("mine")).size());
    assertTrue(Files.readString(files(dir.resolve("mine")).get(0)).contains("Thursdays"));
    assertTrue(f.engine.get(team, "t1").isPresent());
    writes.forget(team, "t1");
    assertTrue(Files.readString(files(dir.resolve("shared")).get(0)).contains("status: deleted"));
    assertEquals(Status.DELETED, f.engine.get(team, "t1").orElseThrow().status());
    assertNextSyncIsANoOp();
  }

  @Test
  void writesOutsideTheSyncsScopeOrOfNoSourceFileGoToTheIndexOnly() throws IOException {
    IndexWrites writes = port(VAULT);
    MemoryRecord elsewhere =
        fact("other", "Another namespace's fact.").toBuilder().scope(Scope.of("bob")).build();
    writes.add(elsewhere);
    assertTrue(f.engine.get(Scope.of("bob"), "other").isPresent());
    assertEquals(List.of(), files(dir.resolve("vault")), "nothing written to the vault");

    f.engine.add(fact("direct", "Stored by an import, in no file."));
    writes.forget(SyncFixture.SCOPE, "direct");
    assertEquals(Status.DELETED, f.require("direct").status());
    assertEquals(List.of(), files(dir.resolve("vault")));
  }

  static List<Path> files(Path folder) throws IOException {
    if (!Files.exists(folder)) {
      return List.of();
    }
    try (Stream<Path> all = Files.walk(folder)) {
      return all.filter(Files::isRegularFile).toList();
    }
  }

  @Test
  void noWritableSourceLeavesThePortAsItIs() throws IOException {
    assertTrue(
        port("sources:\n  - {name: wiki, type: markdown, path: vault}\n") == f.engine,
        "no decorator without a writable source");
  }

  @Test
  void onlyFileSourcesAreWritable() throws IOException {
    Path yaml =
        f.write(
            "bad.yaml",
            "sources:\n  - {name: db, type: sqlite, path: a.db, query: 'SELECT 1', writable: true}\n");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> SourcesConfig.read(yaml));
    assertTrue(e.getMessage().contains("sources[0]"), e.getMessage());
    assertTrue(e.getMessage().contains("writable"), e.getMessage());
  }
}
