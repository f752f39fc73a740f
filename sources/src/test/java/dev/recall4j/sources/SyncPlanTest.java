package dev.recall4j.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.recall4j.core.Scope;
import dev.recall4j.sources.SyncState.FileState;
import dev.recall4j.sources.SyncState.RecordState;
import dev.recall4j.sources.SyncState.SourceState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The listed files against the last sync's state: kept, changed, vanished or carried. */
class SyncPlanTest {
  @TempDir Path dir;
  SourceSpec log;
  SyncState state;
  ChangeReader reader = new ChangeReader(Scope.of("default"), Clock.systemUTC(), null);

  @BeforeEach
  void setUp() throws IOException {
    log = SourceSpec.of("log", SourceType.JSONL, dir.resolve("log"));
    Files.createDirectories(log.path());
    state = SyncState.read(dir.resolve("index"));
  }

  private Path write(String name, String text) throws IOException {
    return Files.writeString(log.path().resolve(name), text);
  }

  /** The state a sync with {@code settings} left: these files, as they are now on disk. */
  private void synced(String settings, Map<String, FileState> files) {
    state.put(
        "log", new SourceState("jsonl", log.path().toString(), settings, null, files, List.of()));
  }

  private static FileState asOnDisk(Path file, String sha, List<RecordState> records)
      throws IOException {
    return new FileState(
        file.toString(),
        Files.size(file),
        Files.getLastModifiedTime(file).to(TimeUnit.NANOSECONDS),
        sha,
        records);
  }

  @Test
  void withoutStateEveryFileIsReadAndCounted() throws IOException {
    write(
        "a.jsonl",
        "{\"id\":\"a1\",\"silo\":\"memory\",\"content\":\"x\"}\n{\"id\":\"a2\",\"silo\":\"memory\",\"content\":\"y\"}\n");
    write("b.jsonl", "{\"id\":\"b1\",\"silo\":\"memory\",\"content\":\"z\"}\n");
    SyncPlan plan = SyncPlan.of(new SyncJob(log, null), state.source(log.name()), reader);
    assertNull(plan.before());
    assertEquals(List.of("a.jsonl", "b.jsonl"), plan.changed().stream().map(Changed::key).toList());
    assertEquals(3, plan.records());
    assertEquals(Map.of(), plan.kept());
    assertEquals(List.of(), plan.vanished());
  }

  @Test
  void anUnchangedFileIsKeptWithoutReadingItUnlessTheSettingsChanged() throws IOException {
    Path bad = write("a.jsonl", "not json, but unchanged since the last sync\n");
    FileState recorded = asOnDisk(bad, "sha", List.of(new RecordState("a1", null, "default")));
    synced(log.settingsKey(), Map.of("a.jsonl", recorded));
    SyncPlan plan = SyncPlan.of(new SyncJob(log, null), state.source(log.name()), reader);
    assertEquals(Map.of("a.jsonl", recorded), plan.kept());
    assertEquals(List.of(), plan.changed());
    assertEquals(0, plan.records());

    Files.writeString(bad, "{\"id\":\"a1\",\"silo\":\"memory\",\"content\":\"x\"}\n");
    synced("other settings", Map.of("a.jsonl", asOnDisk(bad, "sha", List.of())));
    SyncPlan reread = SyncPlan.of(new SyncJob(log, null), state.source(log.name()), reader);
    assertEquals(Map.of(), reread.kept());
    assertEquals(List.of("a.jsonl"), reread.changed().stream().map(Changed::key).toList());
  }

  @Test
  void aGoneFileVanishesWhenTheSyncCoversItAndIsCarriedWhenNot() throws IOException {
    Path sub = Files.createDirectories(log.path().resolve("sub"));
    Path kept = write("sub/c.jsonl", "{\"id\":\"c1\",\"silo\":\"memory\",\"content\":\"x\"}\n");
    FileState goneInSub = new FileState(sub.resolve("gone.jsonl").toString(), 1, 1, "s", List.of());
    FileState outside =
        new FileState(log.path().resolve("top.jsonl").toString(), 1, 1, "s", List.of());
    synced(log.settingsKey(), Map.of("sub/gone.jsonl", goneInSub, "top.jsonl", outside));
    SyncPlan plan = SyncPlan.of(new SyncJob(log, List.of(sub)), state.source(log.name()), reader);
    assertEquals(List.of("sub/gone.jsonl"), plan.vanished());
    assertEquals(Map.of("top.jsonl", outside), plan.carried());
    assertEquals(List.of("sub/c.jsonl"), plan.changed().stream().map(Changed::key).toList());
    assertEquals(kept, plan.changed().get(0).file());
    assertSame(state.source("log"), plan.before());
  }
}
