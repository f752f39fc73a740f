package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Status;
import dev.recall4j.core.store.Hit;
import dev.recall4j.core.store.IndexSettings;
import dev.recall4j.core.store.RecordStore;
import dev.recall4j.core.store.StoreFilter;
import dev.recall4j.core.store.VectorEncoding;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Records embedded in several passages, scored by the best passage and returned once. Float
 * vectors: a quantiser (the cluster's 7 bits) perturbs these four-dimensional vectors' scores
 * enough to break the exact ties the assertions order by id.
 */
public abstract class PassageVectorsConformance extends StoreSuite {
  private static final float[] EAST = {1, 0, 0, 0};
  private static final float[] NORTH = {0, 1, 0, 0};
  private static final float[] UP = {0, 0, 1, 0};
  private static final float[] WEST = {-1, 0.1f, 0, 0};

  /** A long record whose second passage points up: only that passage is near {@link #UP}. */
  private static MemoryRecord longRecord(String id) {
    return record(id, "a long text in three passages").vectors(List.of(EAST, UP, NORTH)).build();
  }

  @Test
  void aRecordScoresByItsBestPassageAndComesBackOnce() throws IOException {
    try (RecordStore store = floats()) {
      store.upsertAll(
          List.of(
              longRecord("long"),
              record("short", "points a little up").vector(new float[] {1, 0, 0.5f, 0}).build(),
              record("west", "points west").vector(WEST).build()));
      List<Hit> hits = store.searchVector(UP, StoreFilter.recallable(Scope.of("ns")), 10);
      assertEquals(List.of("long", "short", "west"), ids(hits));
      assertEquals(1.0f, hits.get(0).score(), 1e-2f, "the matching passage's score: (1 + cos) / 2");
      assertEquals(
          List.of("long"), ids(store.searchVector(UP, StoreFilter.recallable(Scope.of("ns")), 1)));
      assertEquals(List.of(1, 2, 3), hits.stream().map(Hit::rank).toList());
    }
  }

  /** The best-passage path keeps a record the caller holds as that instance, as the plain one. */
  @Test
  void aRecordFoundByAPassageThatTheCallerHoldsIsNotReadAgain() throws IOException {
    try (RecordStore store = floats()) {
      store.upsertAll(
          List.of(longRecord("long"), record("west", "points west").vector(WEST).build()));
      StoreFilter filter = StoreFilter.recallable(Scope.of("ns"));
      MemoryRecord held = store.get(key("long")).orElseThrow();
      List<Hit> hits = store.searchVector(UP, filter, 10, Map.of("long", held));
      assertEquals(ids(store.searchVector(UP, filter, 10)), ids(hits));
      assertSame(held, hits.get(0).record());
    }
  }

  @Test
  void passageVectorsRoundTripBitForBitAndCountAsNoRecord() throws IOException {
    try (RecordStore store = floats()) {
      MemoryRecord stored = longRecord("long");
      store.upsert(stored);
      store.upsert(record("plain", "one vector").vector(WEST).build());
      MemoryRecord read = store.get(key("long")).orElseThrow();
      assertEquals(stored, read);
      assertEquals(3, read.vectorCount());
      assertArrayEquals(UP, read.passageVectors().get(0));
      assertEquals(2, store.info().records());
      StoreFilter all = StoreFilter.all(Scope.of("ns"));
      assertEquals(
          List.of("long", "plain"), store.find(all, 10).stream().map(MemoryRecord::id).toList());
      assertEquals(
          List.of("long", "plain"),
          store.find(all.withStatuses(Set.of(Status.ACTIVE)), 10).stream()
              .map(MemoryRecord::id)
              .toList());
      assertEquals(2L, store.counts(all, "silo").get("memory"));
      assertEquals(List.of(), store.keysWithoutVector(10));
    }
  }

  @Test
  void replacingOrPurgingARecordRemovesItsPassages() throws IOException {
    try (RecordStore store = floats()) {
      store.upsert(longRecord("long"));
      store.upsert(record("other", "west").vector(WEST).build());
      // Replaced by a one-vector version: the old UP passage must not keep matching.
      store.upsert(record("long", "now short").vector(EAST).build());
      List<Hit> hits = store.searchVector(UP, StoreFilter.recallable(Scope.of("ns")), 10);
      assertEquals(List.of("long", "other"), ids(hits));
      assertTrue(
          hits.get(0).score() < 0.6f,
          "scored by EAST, not by the replaced UP passage: " + hits.get(0).score());
      store.upsertAll(List.of(longRecord("long"), longRecord("second")));
      assertEquals(
          List.of("long", "second", "other"),
          ids(store.searchVector(UP, StoreFilter.recallable(Scope.of("ns")), 10)));
      assertTrue(store.purge(key("long")));
      store.compact();
      assertEquals(
          List.of("second", "other"),
          ids(store.searchVector(UP, StoreFilter.recallable(Scope.of("ns")), 10)));
      assertEquals(2, store.info().records());
    }
  }

  @Test
  void aPassageNeverLeaksItsRecordAcrossScopeOrStatus() throws IOException {
    try (RecordStore store = floats()) {
      store.upsertAll(
          List.of(
              record("alien", "other namespace")
                  .scope(Scope.of("other"))
                  .vectors(List.of(EAST, UP))
                  .build(),
              record("old", "superseded")
                  .status(Status.SUPERSEDED)
                  .vectors(List.of(EAST, UP))
                  .build(),
              record("mine", "points west").vector(WEST).build()));
      // Only exclusions (one superseded record among active ones) and a namespace condition.
      assertEquals(
          List.of("mine"), ids(store.searchVector(UP, StoreFilter.recallable(Scope.of("ns")), 10)));
      assertEquals(
          List.of("alien"),
          ids(store.searchVector(UP, StoreFilter.recallable(Scope.of("other")), 10)));
      assertEquals(
          List.of("old"),
          ids(
              store.searchVector(
                  UP,
                  StoreFilter.all(Scope.of("ns")).withStatuses(Set.of(Status.SUPERSEDED)),
                  10)));
    }
  }

  private RecordStore floats() throws IOException {
    return open(newStore(), IndexSettings.DEFAULTS.withVectorEncoding(VectorEncoding.FLOAT32), 4);
  }
}
