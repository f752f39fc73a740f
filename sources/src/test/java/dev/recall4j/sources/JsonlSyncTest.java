package dev.recall4j.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Status;
import dev.recall4j.core.Tier;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** JSONL re-ingest merges over what is stored and never resets it. */
class JsonlSyncTest {
  @TempDir Path dir;
  SyncFixture f;
  SourceSpec log;

  static final String LINES =
      """
      {"id":"m1","silo":"memory","kind":"tool_use","content":"Run git init when git says not a repository.","tags":["git"]}
      {"id":"m2","silo":"memory","content":"Tide tables come from the SHOM feed."}
      {"id":"m3","silo":"memory","content":"The staging host is harbour-2."}
      """;

  @BeforeEach
  void open() throws IOException {
    f = new SyncFixture(dir);
    log = SourceSpec.of("log", SourceType.JSONL, dir.resolve("log"));
  }

  @AfterEach
  void close() throws IOException {
    f.close();
  }

  @Test
  void reSyncingAnUnchangedFileResetsNothingAndEmbedsNothing() throws IOException {
    Path file = f.write("log/memories.jsonl", LINES);
    assertEquals(3, f.sync.sync(log).added());
    f.engine.forget(SyncFixture.SCOPE, "m1");
    f.engine.archive(SyncFixture.SCOPE, "m2");
    f.engine.supersede(
        SyncFixture.SCOPE,
        "m3",
        MemoryRecord.builder()
            .id("m3b")
            .silo(Silo.MEMORY)
            .scope(SyncFixture.SCOPE)
            .content("The staging host is harbour-3.")
            .build(Instant.now()));
    int embedded = f.embedder.documents.get();
    f.touch(file); // read again line by line: every line merges to what is stored
    SyncReport again = f.sync.sync(log);
    assertTrue(again.isUnchanged(), again.toString());
    assertEquals(3, again.unchanged());
    assertEquals(embedded, f.embedder.documents.get());
    assertEquals(Status.DELETED, f.require("m1").status());
    assertEquals(Tier.ARCHIVED, f.require("m2").tier());
    assertEquals(Status.SUPERSEDED, f.require("m3").status());
  }

  @Test
  void keysAbsentFromALineKeepTheirStoredValues() throws IOException {
    Path file = f.write("log/memories.jsonl", LINES);
    f.sync.sync(log);
    f.engine.pin(SyncFixture.SCOPE, "m1");
    int embedded = f.embedder.documents.get();
    Files.writeString(
        file,
        LINES
            .replace("\"tags\":[\"git\"]", "\"tags\":[\"git\",\"vcs\"]")
            .replace("SHOM feed.", "SHOM feed, hourly."));
    SyncReport r = f.sync.sync(log);
    assertEquals(2, r.updated(), r.toString());
    MemoryRecord m1 = f.require("m1");
    assertEquals(List.of("git", "vcs"), m1.tags());
    assertEquals(Tier.PINNED, m1.tier()); // the line says nothing of the tier
    assertEquals(embedded + 1, f.embedder.documents.get()); // only m2's text changed
    assertEquals("Tide tables come from the SHOM feed, hourly.", f.require("m2").content());
  }

  @Test
  void aLineRemovedFromTheFileIsDeleted() throws IOException {
    Path file = f.write("log/memories.jsonl", LINES);
    f.sync.sync(log);
    Files.writeString(file, LINES.lines().limit(2).map(l -> l + "\n").reduce("", String::concat));
    assertEquals(1, f.sync.sync(log).deleted());
    assertEquals(Status.DELETED, f.require("m3").status());
  }
}
