package dev.recall4j.opensearch;

import static dev.recall4j.opensearch.TestStores.T0;
import static dev.recall4j.opensearch.TestStores.ids;
import static dev.recall4j.opensearch.TestStores.record;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.store.IndexSettings;
import dev.recall4j.core.store.StoreFilter;
import dev.recall4j.core.store.VectorEncoding;
import java.io.IOException;
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
 * not create refused, a read-only open of a missing index refused, 4-bit vectors refused.
 */
@ExtendWith(OpenSearchCluster.class)
class OpenSearchStoreTest {
  private static final Scope NS = Scope.of("ns");

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
  void recordAccessUpdatesBesideTheRecordWithoutReindexingIt() throws IOException {
    try (OpenSearchStore store = stores.withVectors(index, 2)) {
      store.upsertAll(
          List.of(
              record("a", "alpha").vector(new float[] {1, 0}).build(),
              record("b", "beta").recallCount(7).build()));
      long versionOfA = documentVersion("a");
      store.recordAccess(Map.of("a", 3L, "b", 1L), T0);
      MemoryRecord a = store.get("a").orElseThrow();
      assertThat(a.recallCount()).isEqualTo(3);
      assertThat(store.searchVector(new float[] {1, 0}, StoreFilter.all(NS), 1).getFirst().record())
          .isEqualTo(a);
      assertThat(documentVersion("a"))
          .as("the record's document was not re-indexed")
          .isEqualTo(versionOfA);
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

  /** The version OpenSearch keeps of a document: it goes up each time the document is indexed. */
  private long documentVersion(String id) throws IOException {
    try (Cluster cluster = stores.cluster()) {
      return cluster
          .call("GET", "/" + index + "/_doc/" + id, Map.of("routing", "ns"), null)
          .path("_version")
          .asLong();
    }
  }
}
