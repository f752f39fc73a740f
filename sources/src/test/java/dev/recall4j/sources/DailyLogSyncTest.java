package dev.recall4j.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
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

/** The Java harness's MEMORY.md and daily logs (seed 001), synced entry by entry. */
class DailyLogSyncTest {
  @TempDir Path dir;
  SyncFixture f;
  SourceSpec harness;

  @BeforeEach
  void open() throws IOException {
    f = new SyncFixture(dir);
    harness =
        new SourceSpec(
            "harness",
            SourceType.DAILY_LOG,
            dir.resolve("ws"),
            List.of(),
            List.of(),
            List.of(),
            160,
            true,
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

  static final String LOG =
      """
      # Session notes

      - Fixed the flaky tide test by pinning the clock.
      - The deploy script needs `--region eu-west-1`;
        without it the upload goes to us-east-1.

      Talked about the gauge schema. It stays as is
      until the next release.
      1. First numbered step.
      """;

  @Test
  void oneRecordPerBulletOrParagraphWithItsLineAndTheLogsDate() throws IOException {
    f.write("ws/memory/2026-11-03.md", LOG);
    f.write("ws/notes.md", "Not a log: not read by a daily-log source.");
    SyncReport r = f.sync.sync(harness);
    assertEquals(4, r.added(), r.toString());
    MemoryRecord first = f.require("harness:memory/2026-11-03.md#0");
    assertEquals(3, first.origin().line());
    assertEquals("Session notes", first.title());
    assertEquals(Instant.parse("2026-11-03T00:00:00Z"), first.created());
    assertEquals(Kind.of("daily_log"), first.kind());
    MemoryRecord wrapped = f.require("harness:memory/2026-11-03.md#1");
    assertEquals(4, wrapped.origin().line());
    assertTrue(wrapped.content().contains("us-east-1"), wrapped.content());
    assertEquals(7, f.require("harness:memory/2026-11-03.md#2").origin().line());
    assertEquals(9, f.require("harness:memory/2026-11-03.md#3").origin().line());
    assertEquals(
        dir.resolve("ws/memory/2026-11-03.md").toString(),
        f.require("harness:memory/2026-11-03.md#3").origin().path());
    assertTrue(f.get("harness:notes.md#0").isEmpty());
  }

  @Test
  void memoryMdEntriesArePinnedWhenConfigured() throws IOException {
    f.write(
        "ws/MEMORY.md",
        "# Long-term\n\n- The user prefers metres.\n- Deploys go out on Tuesdays.\n");
    f.sync.sync(harness);
    MemoryRecord r = f.require("harness:MEMORY.md#1");
    assertEquals(Tier.PINNED, r.tier());
    assertEquals(Kind.PROJECT_FACT, r.kind());
    assertEquals(4, r.origin().line());
  }

  @Test
  void shrinkDeleteUnchangedAndLifecycle() throws IOException {
    Path log = f.write("ws/memory/2026-11-03.md", LOG);
    f.sync.sync(harness);
    int embedded = f.embedder.documents.get();
    f.engine.archive(SyncFixture.SCOPE, "harness:memory/2026-11-03.md#0");
    f.touch(log);
    assertTrue(f.sync.sync(harness).isUnchanged());
    assertEquals(embedded, f.embedder.documents.get());
    assertEquals(Tier.ARCHIVED, f.require("harness:memory/2026-11-03.md#0").tier());
    Files.writeString(log, LOG.substring(0, LOG.indexOf("Talked")));
    SyncReport shrunk = f.sync.sync(harness);
    assertEquals(2, shrunk.deleted(), shrunk.toString());
    assertEquals(Tier.ARCHIVED, f.require("harness:memory/2026-11-03.md#0").tier());
    Files.delete(log);
    assertEquals(2, f.sync.sync(harness).deleted());
    assertEquals(Status.DELETED, f.require("harness:memory/2026-11-03.md#1").status());
  }
}
