package dev.recall4j.opensearch;

import static dev.recall4j.opensearch.TestStores.T0;
import static dev.recall4j.opensearch.TestStores.ids;
import static dev.recall4j.opensearch.TestStores.record;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.store.HybridHits;
import dev.recall4j.core.store.IndexSettings;
import dev.recall4j.core.store.RecordKey;
import dev.recall4j.core.store.StoreFilter;
import dev.recall4j.core.store.VectorEncoding;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What only the cluster store does, beside the store contract it shares with the in-process index
 * ({@link ClusterConformanceTest}): access statistics in their own index (the record's document is
 * not re-indexed), a version that holds still without writes across shard copies, indices it did
 * not create refused, an alias of one index used as the index (a tenant's index swapped under a
 * stable name) and one of several refused, a read-only open of a missing index refused, 4-bit
 * vectors refused, an index of mapping schema 2 migrated by its first writer.
 */
@ExtendWith(OpenSearchCluster.class)
class OpenSearchStoreTest {
  private static final Scope NS = Scope.of("ns");

  /** Records of the migration test, in two namespaces. */
  private static final RecordKey MIGRATED_ALICE = new RecordKey("alice", "note");

  private static final RecordKey MIGRATED_BOB = new RecordKey("bob", "other");

  private OpenSearchCluster.Hosts hosts;
  private TestStores stores;
  private String index;

  @BeforeEach
  void setUp(OpenSearchCluster.Hosts hosts, TestInfo test) {
    this.hosts = hosts;
    stores = new TestStores(hosts);
    index = TestStores.newIndex(test.getTestMethod().orElseThrow().getName());
  }

  @AfterEach
  void tearDown() throws IOException {
    stores.close();
  }

  @Test
  void recordAccessUpdatesBesideTheRecordWithoutReindexingIt() throws IOException {
    try (OpenSearchStore store = stores.withVectors(index, 2)) {
      store.upsertAll(
          List.of(
              record("a", "alpha").vector(new float[] {1, 0}).build(),
              record("b", "beta").recallCount(7).build()));
      long versionOfA = documentVersion("a");
      store.recordAccess(Map.of(key("a"), 3L, key("b"), 1L), T0);
      MemoryRecord a = store.get(key("a")).orElseThrow();
      assertThat(a.recallCount()).isEqualTo(3);
      assertThat(store.searchVector(new float[] {1, 0}, StoreFilter.all(NS), 1).getFirst().record())
          .isEqualTo(a);
      assertThat(documentVersion("a"))
          .as("the record's document was not re-indexed")
          .isEqualTo(versionOfA);
    }
  }

  @Test
  void bothPathsOfEveryScopeInOneMultiSearchAnswerAsTheSearchesApart() throws IOException {
    Scope team = Scope.of("team:tide");
    try (OpenSearchStore store = stores.withVectors(index, 2)) {
      store.upsertAll(
          List.of(
              record("a", "tide gauge at Brest").vector(new float[] {1, 0}).build(),
              record("b", "tide tables").vector(new float[] {0, 1}).build(),
              record("c", "the gauge shed").vector(new float[] {1, 1}).build(),
              record("a", "the team's tide gauge")
                  .scope(team)
                  .vector(new float[] {1, 0.2f})
                  .build(),
              record("d", "tide").scope(team).vector(new float[] {-1, 0}).build()));
      List<StoreFilter> filters = List.of(StoreFilter.all(NS), StoreFilter.all(team));
      float[] query = {1, 0.1f};

      List<HybridHits> both = store.searchHybrid("tide gauge", query, filters, 5);

      assertThat(both).hasSize(2);
      for (int i = 0; i < filters.size(); i++) {
        assertThat(both.get(i).lexical())
            .isEqualTo(store.searchLexical("tide gauge", filters.get(i), 5));
        assertThat(both.get(i).vector()).isEqualTo(store.searchVector(query, filters.get(i), 5));
      }
      assertThat(ids(both.get(1).lexical())).containsExactly("a", "d");
      assertThat(both.get(1).lexical().getFirst().record().scope()).isEqualTo(team);
      assertThat(both.get(0).vector().getFirst().record())
          .as("a record both paths find is parsed once")
          .isSameAs(both.get(0).lexical().getFirst().record());
      assertThatThrownBy(() -> store.searchHybrid("tide", new float[] {1, 0, 0}, filters, 5))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("queryVector");
    }
  }

  @Test
  void theVersionHoldsStillWithoutAWrite() throws IOException {
    try (OpenSearchStore store = stores.lexical(index)) {
      store.upsert(record("a", "alpha").build());
      // A replica that finishes starting is a change of the shards' statistics too.
      stores.awaitGreen(index);
      long v1 = store.version();
      assertThat(ids(store.searchLexical("alpha", StoreFilter.all(NS), 5))).containsExactly("a");
      assertThat(store.version()).isEqualTo(v1);
      store.upsert(record("b", "beta").build());
      assertThat(store.version()).isNotEqualTo(v1);
    }
  }

  @Test
  void anIndexRecall4jDidNotCreateIsRefused() throws IOException {
    try (Cluster cluster = stores.cluster()) {
      ObjectNode body = Cluster.JSON.createObjectNode();
      body.putObject("mappings").putObject("properties").putObject("id").put("type", "keyword");
      cluster.call("PUT", "/" + index, Map.of(), body);
    }
    assertThatThrownBy(() -> stores.lexical(index))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("was not created by recall4j");
  }

  @Test
  void anAliasOfOneIndexIsUsedAsTheIndex() throws IOException {
    String first = index + "-v1";
    try (OpenSearchStore store = stores.lexical(first)) {
      store.upsert(record("a", "alpha").build());
    }
    alias(index, first);
    try (OpenSearchStore store = OpenSearchStore.open(throughAlias())) {
      assertThat(store.get(key("a"))).isPresent();
      store.upsert(record("b", "beta").build());
      assertThat(ids(store.searchLexical("beta", StoreFilter.all(NS), 5))).containsExactly("b");
    }
    try (OpenSearchStore store = stores.lexical(first)) {
      assertThat(store.get(key("b"))).as("written through the alias").isPresent();
    }
  }

  @Test
  void anAliasOfSeveralIndicesIsRefused() throws IOException {
    for (String version : List.of("-v1", "-v2")) {
      stores.lexical(index + version).close();
      alias(index, index + version);
    }
    assertThatThrownBy(() -> OpenSearchStore.open(throughAlias()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("is an alias of 2 indices");
  }

  /** Points {@code alias} and its access index's alias at {@code target} and its access index. */
  private void alias(String alias, String target) throws IOException {
    ObjectNode body = Cluster.JSON.createObjectNode();
    ArrayNode actions = body.putArray("actions");
    for (String suffix : List.of("", "-access")) {
      actions
          .addObject()
          .putObject("add")
          .put("index", target + suffix)
          .put("alias", alias + suffix);
    }
    try (Cluster cluster = stores.cluster()) {
      cluster.call("POST", "/_aliases", Map.of(), body);
    }
  }

  /**
   * Options naming the alias {@link #index}: not through {@link TestStores#options}, whose cleanup
   * deletes what it opened by name, and an alias is deleted with its index.
   */
  private OpenSearchOptions throughAlias() {
    return OpenSearchOptions.builder(hosts.uris(), index)
        .refreshInterval(Duration.ofMillis(50))
        .build();
  }

  @Test
  void aReadOnlyOpenOfAMissingIndexIsRefusedAndCreatesNothing() throws IOException {
    assertThatThrownBy(() -> OpenSearchStore.openReadOnly(stores.options(index).build()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("does not exist");
    try (Cluster cluster = stores.cluster()) {
      assertThat(cluster.exists("/" + index)).isFalse();
    }
  }

  @Test
  void fourBitVectorsAreRefusedNamingTheSetting() {
    assertThatThrownBy(
            () ->
                stores
                    .options(index)
                    .indexSettings(IndexSettings.DEFAULTS.withVectorEncoding(VectorEncoding.INT4))
                    .build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("index_settings.vector_encoding: int4 has no counterpart");
  }

  /**
   * A records' index of mapping schema 2 (documents and statistics named by the record id alone) is
   * read as it is by a reader and migrated by the first writer: every record present, addressable
   * by its key, with its statistics; the schema recorded as 3.
   */
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
      store.recordAccess(Map.of(MIGRATED_ALICE, 3L), TestStores.T0);
    }
    renameAsSchema2(List.of(MIGRATED_ALICE, MIGRATED_BOB));

    OpenSearchOptions options = stores.options(index).embedding("test-model", 2).build();
    try (OpenSearchStore reader = OpenSearchStore.openReadOnly(options)) {
      everyRecordIsAddressable(reader);
    }
    try (OpenSearchStore writer = OpenSearchStore.open(options)) {
      everyRecordIsAddressable(writer);
      assertThat(writer.page(null, 10).stream().map(RecordKey::of).toList())
          .containsExactly(MIGRATED_ALICE, MIGRATED_BOB);
      assertThat(writer.info().records()).isEqualTo(2);
    }
    assertThat(meta().path("schema").asInt()).isEqualTo(Mapping.SCHEMA);
  }

  private static void everyRecordIsAddressable(OpenSearchStore store) throws IOException {
    Map<RecordKey, MemoryRecord> all = store.getAll(List.of(MIGRATED_ALICE, MIGRATED_BOB));
    assertThat(all.keySet()).containsExactlyInAnyOrder(MIGRATED_ALICE, MIGRATED_BOB);
    assertThat(all.get(MIGRATED_ALICE).content()).isEqualTo("Alice's tide tables.");
    assertThat(all.get(MIGRATED_ALICE).recallCount()).isEqualTo(3);
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

  private static RecordKey key(String id) {
    return new RecordKey(NS.namespace(), id);
  }

  /** The version OpenSearch keeps of a document: it goes up each time the document is indexed. */
  private long documentVersion(String id) throws IOException {
    try (Cluster cluster = stores.cluster()) {
      return cluster
          .call("GET", "/" + index + "/_doc/ns%2F" + id, Map.of("routing", "ns"), null)
          .path("_version")
          .asLong();
    }
  }
}
