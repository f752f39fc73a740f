package dev.recall4j.opensearch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.store.RecordKey;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A records' index of mapping schema 2 (documents and statistics named by the record id alone) is
 * read as it is by a reader and migrated by the first writer: every record present, addressable by
 * its key, with its statistics; the schema recorded as 3.
 */
@ExtendWith(OpenSearchCluster.class)
class KeyMigrationTest {
  static final RecordKey ALICE = new RecordKey("alice", "note");
  static final RecordKey BOB = new RecordKey("bob", "other");

  private TestStores stores;
  private String index;

  @BeforeEach
  void setUp(OpenSearchCluster.Hosts hosts, TestInfo test) {
    stores = new TestStores(hosts);
    index = TestStores.newIndex(test.getTestMethod().orElseThrow().getName());
  }

  @AfterEach
  void tearDown() throws IOException {
    stores.close();
  }

  @Test
  void aSchema2IndexIsReadAsItIsAndMigratedByItsFirstWriter() throws IOException {
    try (OpenSearchStore store = stores.withVectors(index, 2)) {
      store.upsertAll(
          List.of(
              TestStores.record("note", "Alice's tide tables.")
                  .scope(Scope.of("alice"))
                  .vector(new float[] {1, 0})
                  .build(),
              TestStores.record("other", "Bob's sails.").scope(Scope.of("bob")).build()));
      store.recordAccess(Map.of(ALICE, 3L), TestStores.T0);
    }
    renameAsSchema2(List.of(ALICE, BOB));

    OpenSearchOptions options = stores.options(index).embedding("test-model", 2).build();
    try (OpenSearchStore reader = OpenSearchStore.openReadOnly(options)) {
      everyRecordIsAddressable(reader);
    }
    try (OpenSearchStore writer = OpenSearchStore.open(options)) {
      everyRecordIsAddressable(writer);
      assertThat(writer.page(null, 10).stream().map(RecordKey::of).toList())
          .containsExactly(ALICE, BOB);
      assertThat(writer.info().records()).isEqualTo(2);
    }
    assertThat(meta().path("schema").asInt()).isEqualTo(Mapping.SCHEMA);
  }

  private static void everyRecordIsAddressable(OpenSearchStore store) throws IOException {
    Map<RecordKey, MemoryRecord> all = store.getAll(List.of(ALICE, BOB));
    assertThat(all.keySet()).containsExactlyInAnyOrder(ALICE, BOB);
    assertThat(all.get(ALICE).content()).isEqualTo("Alice's tide tables.");
    assertThat(all.get(ALICE).recallCount()).isEqualTo(3);
    assertThat(store.get(new RecordKey("bob", "note"))).isEmpty();
  }

  /** Renames each record's document and statistics to its bare id and records mapping schema 2. */
  private void renameAsSchema2(List<RecordKey> keys) throws IOException {
    try (Cluster cluster = stores.cluster()) {
      for (String target : List.of(index, index + "-access")) {
        for (RecordKey key : keys) {
          Map<String, String> routing =
              target.equals(index) ? Map.of("routing", key.namespace()) : Map.of();
          String scoped = "/" + target + "/_doc/" + key.namespace() + "%2F" + key.id();
          JsonNode doc = cluster.call("GET", scoped, routing, null);
          if (!doc.path("found").asBoolean()) {
            continue;
          }
          cluster.call("PUT", "/" + target + "/_doc/" + key.id(), routing, doc.path("_source"));
          cluster.call("DELETE", scoped, routing, null);
        }
        cluster.call("POST", "/" + target + "/_refresh", Map.of(), null);
      }
      JsonNode meta = meta();
      cluster.call(
          "PUT",
          "/" + index + "/_mapping",
          Map.of(),
          Mapping.meta(2, meta.path("model").asText(), meta.path("dimension").asInt()));
    }
  }

  private JsonNode meta() throws IOException {
    try (Cluster cluster = stores.cluster()) {
      return cluster
          .call("GET", "/" + index + "/_mapping", Map.of(), null)
          .path(index)
          .path("mappings")
          .path("_meta")
          .path(Mapping.META);
    }
  }
}
