package dev.recall4j.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.store.Hit;
import dev.recall4j.core.store.RecordKey;
import dev.recall4j.core.store.StoreFilter;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An index written before ids were scoped by namespace (schema 3, by the code on main before this
 * change: {@code schema3-index.WriteOld.java.txt} wrote the fixture) opens with every record
 * present and addressable by its key: read-only as it is, and migrated to schema 4 by the first
 * writer.
 */
class KeyMigrationTest {
  static final String[] FILES = {
    "_0.cfe",
    "_0.cfs",
    "_0.si",
    "_0_1.fnm",
    "_0_1_Lucene90_0.dvd",
    "_0_1_Lucene90_0.dvm",
    "_0_1_Lucene90_0.dvp",
    "_0_1_Lucene90_0.dvs",
    "_0_2_Lucene90_0.dvd",
    "_0_2_Lucene90_0.dvm",
    "_0_2_Lucene90_0.dvp",
    "_0_2_Lucene90_0.dvs",
    "segments_2",
    "segments_3"
  };

  static final RecordKey ALICE = new RecordKey("alice", "alice-note");
  static final RecordKey BOB = new RecordKey("bob", "bob-note");
  static final RecordKey LONG = new RecordKey("alice", "notes:long.md#0");

  @TempDir Path dir;

  @BeforeEach
  void copyTheSchema3Index() throws IOException {
    for (String file : FILES) {
      try (InputStream in = getClass().getResourceAsStream("/schema3-index/" + file)) {
        Files.copy(in, dir.resolve(file));
      }
    }
  }

  @Test
  void aReaderFindsEveryRecordOfTheOldIndexByItsKey() throws IOException {
    assertEquals("3", schema());
    try (LuceneStore store = LuceneStore.openReadOnly(StoreOptions.builder(dir).build())) {
      everyRecordIsAddressable(store);
      assertTrue(store.get(new RecordKey("bob", "alice-note")).isEmpty(), "not bob's");
    }
    assertEquals("3", schema(), "a reader writes nothing");
  }

  @Test
  void aWriterMigratesTheIndexOnceAndNothingIsLost() throws IOException {
    try (LuceneStore store = LuceneStore.open(StoreOptions.builder(dir).build())) {
      assertEquals("4", schema());
      everyRecordIsAddressable(store);
      assertEquals(
          List.of(ALICE, LONG, BOB), store.page(null, 10).stream().map(RecordKey::of).toList());
      assertEquals(List.of(BOB), store.page(LONG, 10).stream().map(RecordKey::of).toList());
      store.upsert(
          MemoryRecord.builder()
              .id("alice-note")
              .silo(Silo.MEMORY)
              .scope(Scope.of("bob"))
              .content("Bob's own note under Alice's id.")
              .created(Instant.parse("2026-11-02T00:00:00Z"))
              .build());
      assertEquals(
          "Alice keeps tide tables for the harbour.", store.get(ALICE).orElseThrow().content());
      assertEquals(
          "Bob's own note under Alice's id.",
          store.get(new RecordKey("bob", "alice-note")).orElseThrow().content());
      assertEquals(4, store.info().records());
    }
    long files = Files.list(dir).count();
    try (LuceneStore store = LuceneStore.open(StoreOptions.builder(dir).build())) {
      assertEquals(4, store.info().records(), "opened again: nothing migrated twice");
      everyRecordIsAddressable(store);
    }
    assertEquals(files, Files.list(dir).count());
    assertTrue(StoreCheck.verify(dir, Duration.ZERO).clean());
  }

  private void everyRecordIsAddressable(LuceneStore store) throws IOException {
    Map<RecordKey, MemoryRecord> all = store.getAll(List.of(ALICE, BOB, LONG));
    assertEquals(List.of(ALICE, LONG, BOB), all.keySet().stream().sorted().toList());
    assertEquals(1, all.get(ALICE).recallCount(), "access statistics kept");
    assertEquals(Scope.of("bob", "boats"), all.get(BOB).scope());
    assertEquals(3, all.get(LONG).passageVectors().size() + 1);
    List<Hit> near = store.searchVector(new float[] {1, -1}, StoreFilter.all(Scope.of("alice")), 1);
    assertEquals("notes:long.md#0", near.get(0).record().id(), "found by a passage vector");
    List<RecordKey> unembedded = store.keysWithoutVector(10);
    assertTrue(unembedded.contains(BOB) && !unembedded.contains(ALICE), unembedded.toString());
  }

  private String schema() throws IOException {
    try (FSDirectory directory = FSDirectory.open(dir)) {
      return SegmentInfos.readLatestCommit(directory).getUserData().get(IndexMetadata.SCHEMA_KEY);
    }
  }
}
