package dev.recall4j.opensearch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.ParseException;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.http.io.entity.StringEntity;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.opensearch.client.Request;
import org.opensearch.client.RestClient;

/**
 * The test cluster is what the store needs: two nodes with the k-NN plugin, an index whose shards
 * and replicas spread over both, and one multi-search holding a BM25 query and a k-NN query under
 * the same filter, with the filter applied inside the vector search (no other namespace's vector
 * comes back even when it is the nearest).
 */
@ExtendWith(OpenSearchCluster.class)
class ClusterSmokeTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String INDEX = "smoke";
  private static RestClient client;

  @BeforeAll
  static void connect(OpenSearchCluster.Hosts hosts) {
    client =
        RestClient.builder(
                hosts.uris().stream()
                    .map(u -> new HttpHost(u.getScheme(), u.getHost(), u.getPort()))
                    .toArray(HttpHost[]::new))
            .build();
  }

  @AfterAll
  static void disconnect() throws IOException {
    client.close();
  }

  @Test
  void twoNodesEachWithTheKnnPlugin() throws IOException {
    JsonNode nodes = call("GET", "/_nodes/plugins", null);

    assertThat(nodes.path("_nodes").path("successful").asInt()).isEqualTo(2);
    List<String> knnOnNodes = new ArrayList<>();
    nodes
        .path("nodes")
        .forEach(
            node ->
                node.path("plugins")
                    .forEach(
                        plugin -> {
                          if (plugin.path("classname").asText().endsWith("KNNPlugin")) {
                            knnOnNodes.add(node.path("name").asText());
                          }
                        }));
    assertThat(knnOnNodes).containsExactlyInAnyOrder("node-1", "node-2");
  }

  @Test
  void oneMultiSearchAnswersBm25AndFilteredKnn() throws IOException {
    call(
        "PUT",
        "/" + INDEX,
        """
        {"settings": {"index": {"number_of_shards": 2, "number_of_replicas": 1, "knn": true,
           "similarity": {"bm25": {"type": "BM25", "k1": 0.9, "b": 0.4}}}},
         "mappings": {"properties": {
           "namespace": {"type": "keyword"},
           "text": {"type": "text", "analyzer": "english", "similarity": "bm25"},
           "vector": {"type": "knn_vector", "dimension": 3, "method": {"name": "hnsw",
             "engine": "lucene", "space_type": "innerproduct"}}}}}
        """);
    call(
        "POST",
        "/_bulk?refresh=true",
        """
        {"index": {"_index": "smoke", "_id": "a1", "routing": "alice"}}
        {"namespace": "alice", "text": "Brest tide gauge reports every ten minutes", "vector": [1, 0, 0]}
        {"index": {"_index": "smoke", "_id": "a2", "routing": "alice"}}
        {"namespace": "alice", "text": "Shell scripts quote their variables", "vector": [0, 1, 0]}
        {"index": {"_index": "smoke", "_id": "b1", "routing": "bob"}}
        {"namespace": "bob", "text": "Brest tides and gauges", "vector": [1, 0, 0]}
        """);
    JsonNode health = call("GET", "/_cluster/health/" + INDEX + "?wait_for_status=green", null);
    assertThat(health.path("status").asText()).isEqualTo("green");

    JsonNode responses =
        call(
                "POST",
                "/" + INDEX + "/_msearch",
                """
                {"routing": "alice"}
                {"query": {"bool": {"must": {"match": {"text": "brest tides"}}, "filter": {"term": {"namespace": "alice"}}}}}
                {"routing": "alice"}
                {"query": {"knn": {"vector": {"vector": [0.9, 0.1, 0], "k": 10, "filter": {"term": {"namespace": "alice"}}}}}}
                """)
            .path("responses");

    assertThat(ids(responses.get(0))).containsExactly("a1");
    assertThat(ids(responses.get(1))).containsExactly("a1", "a2");
    // Lucene's maximum-inner-product score of unit vectors: 1 + dot for a non-negative dot.
    assertThat(responses.get(1).path("hits").path("hits").get(0).path("_score").asDouble())
        .isCloseTo(1 + 0.9, org.assertj.core.data.Offset.offset(1e-5));
  }

  private static List<String> ids(JsonNode response) {
    assertThat(response.has("error")).as("error in %s", response).isFalse();
    List<String> ids = new ArrayList<>();
    response.path("hits").path("hits").forEach(hit -> ids.add(hit.path("_id").asText()));
    return ids;
  }

  private static JsonNode call(String method, String path, String body) throws IOException {
    Request request = new Request(method, path);
    if (body != null) {
      request.setEntity(
          new StringEntity(
              body,
              path.contains("_bulk") || path.contains("_msearch")
                  ? ContentType.create("application/x-ndjson")
                  : ContentType.APPLICATION_JSON));
    }
    try {
      return JSON.readTree(EntityUtils.toString(client.performRequest(request).getEntity()));
    } catch (ParseException e) {
      throw new IOException(e);
    }
  }
}
