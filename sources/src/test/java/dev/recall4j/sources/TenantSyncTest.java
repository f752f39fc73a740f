package dev.recall4j.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Status;
import dev.recall4j.engine.Teams;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two namespaces sync a source of the same name and the same relative paths into one index (issue
 * 33, item 7): each keeps its own records and sync state, and a path only the other synced reads as
 * one no one synced.
 */
class TenantSyncTest {
  static final Scope ALICE = Scope.of("alice");
  static final Scope BOB = Scope.of("bob");

  @TempDir Path dir;
  @AutoClose SyncFixture f;

  @BeforeEach
  void open() throws IOException {
    f = new SyncFixture(dir);
  }

  @AfterEach
  void close() throws IOException {
    f.close();
  }

  SourceSync syncAs(Scope scope) {
    return new SourceSync(f.engine, scope, Clock.systemUTC(), SourceSync.DEFAULT_BATCH);
  }

  @Test
  void theSameSourceAndPathsInTwoNamespacesNeverCollide() throws Exception {
    f.write("alice/plan.md", "Alice plans the survey.");
    f.write("bob/plan.md", "Bob plans the dredging.");
    Path bobOnly = f.write("bob/secret.md", "Bob's secret.");
    SourceSpec alices = SourceSpec.of("notes", SourceType.MARKDOWN, dir.resolve("alice"));
    SourceSpec bobs = SourceSpec.of("notes", SourceType.MARKDOWN, dir.resolve("bob"));

    assertEquals(1, syncAs(ALICE).sync(alices).added());
    assertEquals(2, syncAs(BOB).sync(bobs).added());
    assertEquals(0, syncAs(ALICE).sync(alices).deleted(), "bob's state is not alice's");
    assertEquals(0, syncAs(BOB).sync(bobs).deleted());

    MemoryRecord alice = f.engine.get(ALICE, "notes:plan.md#0").orElseThrow();
    MemoryRecord bob = f.engine.get(BOB, "notes:plan.md#0").orElseThrow();
    assertEquals("Alice plans the survey.", alice.content());
    assertEquals("Bob plans the dredging.", bob.content());
    assertEquals(Status.ACTIVE, alice.status());

    assertEquals(
        List.of("Bob's secret."),
        SyncedRecords.of(f.engine, BOB, Teams.NONE, bobOnly.toString(), dir).stream()
            .map(MemoryRecord::content)
            .toList());
    String elsewhere =
        assertThrows(
                IllegalArgumentException.class,
                () -> SyncedRecords.of(f.engine, ALICE, Teams.NONE, bobOnly.toString(), dir))
            .getMessage();
    Path never = dir.resolve("bob/never.md");
    String nowhere =
        assertThrows(
                IllegalArgumentException.class,
                () -> SyncedRecords.of(f.engine, ALICE, Teams.NONE, never.toString(), dir))
            .getMessage();
    assertEquals(nowhere.replace(never.toString(), bobOnly.toString()), elsewhere);
  }
}
