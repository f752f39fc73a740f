package dev.recall4j.opensearch;

import static dev.recall4j.opensearch.TestStores.ids;
import static dev.recall4j.opensearch.TestStores.record;
import static dev.recall4j.opensearch.TestStores.recordIds;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Status;
import dev.recall4j.core.store.Hit;
import dev.recall4j.core.store.StoreFilter;
import dev.recall4j.core.store.VectorEncoding;
import java.io.IOException;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Records embedded in several passages (the in-process PassageVectorsTest): nested vectors, a
 * record scored by its best passage.
 */
@ExtendWith(OpenSearchCluster.class)
class PassageVectorsTest {
  private static final float[] EAST = {1, 0, 0, 0};
  private static final float[] NORTH = {0, 1, 0, 0};
  private static final float[] UP = {0, 0, 1, 0};
  private static final float[] WEST = {-1, 0.1f, 0, 0};
  private static final StoreFilter RECALLABLE = StoreFilter.recallable(Scope.of("ns"));

  private TestStores stores;
  private OpenSearchStore store;

  @BeforeEach
  void open(OpenSearchCluster.Hosts hosts, TestInfo test) throws IOException {
    stores = new TestStores(hosts);
    // Float vectors: the k-NN plugin's 7-bit quantiser perturbs these four-dimensional vectors'
    // scores enough to break the exact ties the assertions order by id.
    store =
        stores.open(
            TestStores.newIndex(test.getTestMethod().orElseThrow().getName()),
            b -> b.embedding("test-model", 4).vectorEncoding(VectorEncoding.FLOAT32));
  }

  @AfterEach
  void close() throws IOException {
    store.close();
    stores.close();
  }

  /** A long record whose second passage points up: only that passage is near {@link #UP}. */
  private static MemoryRecord longRecord(String id) {
    return record(id, "a long text in three passages").vectors(List.of(EAST, UP, NORTH)).build();
  }

  @Test
  void aRecordScoresByItsBestPassageAndComesBackOnce() throws IOException {
    store.upsertAll(
        List.of(
            longRecord("long"),
            record("short", "points a little up").vector(new float[] {1, 0, 0.5f, 0}).build(),
            record("west", "points west").vector(WEST).build()));
    List<Hit> hits = store.searchVector(UP, RECALLABLE, 10);
    assertThat(ids(hits)).containsExactly("long", "short", "west");
    assertThat(hits.get(0).score())
        .as("the matching passage's score: (1 + cos) / 2")
        .isCloseTo(1.0f, within(1e-2f));
    assertThat(ids(store.searchVector(UP, RECALLABLE, 1))).containsExactly("long");
    assertThat(hits).extracting(Hit::rank).containsExactly(1, 2, 3);
  }

  @Test
  void passageVectorsRoundTripBitForBitAndCountAsNoRecord() throws IOException {
    MemoryRecord stored = longRecord("long");
    store.upsert(stored);
    store.upsert(record("plain", "one vector").vector(WEST).build());
    MemoryRecord read = store.get("long").orElseThrow();
    assertThat(read).isEqualTo(stored);
    assertThat(read.vectorCount()).isEqualTo(3);
    assertThat(read.passageVectors().get(0)).containsExactly(UP);
    assertThat(store.info().records()).isEqualTo(2);
    StoreFilter all = StoreFilter.all(Scope.of("ns"));
    assertThat(recordIds(store.find(all, 10))).containsExactly("long", "plain");
    assertThat(recordIds(store.find(all.withStatuses(Set.of(Status.ACTIVE)), 10)))
        .containsExactly("long", "plain");
    assertThat(store.counts(all, "silo")).containsEntry("memory", 2L);
    assertThat(store.idsWithoutVector(10)).isEmpty();
  }

  @Test
  void replacingOrPurgingARecordRemovesItsPassages() throws IOException {
    store.upsert(longRecord("long"));
    store.upsert(record("other", "west").vector(WEST).build());
    // Replaced by a one-vector version: the old UP passage must not keep matching.
    store.upsert(record("long", "now short").vector(EAST).build());
    List<Hit> hits = store.searchVector(UP, RECALLABLE, 10);
    assertThat(ids(hits)).containsExactly("long", "other");
    assertThat(hits.get(0).score())
        .as("scored by EAST, not by the replaced UP passage")
        .isLessThan(0.6f);
    store.upsertAll(List.of(longRecord("long"), longRecord("second")));
    assertThat(ids(store.searchVector(UP, RECALLABLE, 10)))
        .containsExactly("long", "second", "other");
    assertThat(store.purge("long")).isTrue();
    store.compact();
    assertThat(ids(store.searchVector(UP, RECALLABLE, 10))).containsExactly("second", "other");
    assertThat(store.info().records()).isEqualTo(2);
  }

  @Test
  void aPassageNeverLeaksItsRecordAcrossScopeOrStatus() throws IOException {
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
    assertThat(ids(store.searchVector(UP, RECALLABLE, 10))).containsExactly("mine");
    assertThat(ids(store.searchVector(UP, StoreFilter.recallable(Scope.of("other")), 10)))
        .containsExactly("alien");
    assertThat(
            ids(
                store.searchVector(
                    UP,
                    StoreFilter.all(Scope.of("ns")).withStatuses(Set.of(Status.SUPERSEDED)),
                    10)))
        .containsExactly("old");
  }
}
