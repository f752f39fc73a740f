package dev.recall4j.opensearch.testcluster;

import java.io.Closeable;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.codelibs.opensearch.runner.OpenSearchRunner;
import org.opensearch.action.admin.cluster.health.ClusterHealthRequest;
import org.opensearch.action.admin.cluster.health.ClusterHealthResponse;
import org.opensearch.common.settings.Settings;
import org.opensearch.core.common.transport.TransportAddress;
import org.opensearch.http.HttpServerTransport;
import org.opensearch.node.Node;
import org.opensearch.transport.TransportService;

/**
 * A real OpenSearch cluster of a few nodes inside this JVM, with the k-NN plugin loaded, every node
 * listening on free loopback ports: what recall4j's cluster-store tests run against.
 *
 * <p>Node 1 is the only cluster-manager-eligible node and bootstraps the cluster alone; the others
 * are data nodes that find it through its transport address. With two cluster-manager-eligible
 * nodes a quorum would need both, so one is simpler and no less real for the tests: shards and
 * replicas still spread over every node, and every node answers HTTP.
 */
final class TestCluster implements Closeable {
  /** The k-NN plugin's entry point: the runner loads it by class from the class path. */
  private static final String KNN_PLUGIN = "org.opensearch.knn.plugin.KNNPlugin";

  private final OpenSearchRunner runner;
  private final List<URI> httpAddresses;

  private TestCluster(OpenSearchRunner runner, List<URI> httpAddresses) {
    this.runner = runner;
    this.httpAddresses = List.copyOf(httpAddresses);
  }

  /**
   * Starts {@code nodes} nodes under {@code baseDir} (one folder each) and returns once every node
   * has joined and the cluster is at least yellow.
   *
   * @param clusterName unique on this machine: other clusters may listen on its loopback too
   * @param logsDir where the nodes' logs go: outside {@code baseDir}, which {@link #close} deletes,
   *     so that they can tell what went wrong afterwards
   */
  static TestCluster start(int nodes, String clusterName, Path baseDir, Path logsDir) {
    if (nodes < 1) {
      throw new IllegalArgumentException("nodes: must be >= 1, got " + nodes);
    }
    OpenSearchRunner runner = new OpenSearchRunner();
    // The runner otherwise probes ports 9201-9299 for each node's HTTP port; every port here is 0
    // (any free one), read back from the started node.
    runner.setMaxHttpPort(-1);
    runner.onBuild((id, settings) -> configure(runner, id, nodes, settings));
    try {
      // The runner's arguments, as its Configs builds them, plus the logs path Configs has no
      // method for.
      runner.build(
          "-basePath",
          baseDir.toAbsolutePath().toString(),
          "-logsPath",
          logsDir.toAbsolutePath().toString(),
          "-numOfNode",
          Integer.toString(nodes),
          "-clusterName",
          clusterName,
          "-pluginTypes",
          KNN_PLUGIN,
          "-printOnFailure");
      ClusterHealthResponse health =
          runner
              .client()
              .admin()
              .cluster()
              .health(
                  new ClusterHealthRequest()
                      .waitForNodes(Integer.toString(nodes))
                      .waitForYellowStatus())
              .actionGet();
      if (health.isTimedOut()) {
        throw new IllegalStateException(
            "cluster " + clusterName + " did not reach " + nodes + " nodes, yellow: " + health);
      }
      List<URI> http = new ArrayList<>();
      for (int i = 0; i < nodes; i++) {
        http.add(URI.create("http://" + httpAddress(runner.getNode(i))));
      }
      return new TestCluster(runner, http);
    } catch (RuntimeException e) {
      try {
        runner.close();
      } catch (IOException | RuntimeException closing) {
        e.addSuppressed(closing);
      }
      throw e;
    }
  }

  /** Each node's HTTP base address, node 1 first. */
  List<URI> httpAddresses() {
    return httpAddresses;
  }

  /** Stops every node and deletes their folders. */
  @Override
  public void close() throws IOException {
    try {
      runner.close();
    } finally {
      runner.clean();
    }
  }

  private static void configure(
      OpenSearchRunner runner, int id, int nodes, Settings.Builder settings) {
    settings.put("node.name", "node-" + id);
    settings.put("network.host", "127.0.0.1");
    settings.put("http.port", "0");
    settings.put("transport.port", "0");
    // A test machine's disk may be fuller than the watermarks; shards must allocate anyway.
    settings.put("cluster.routing.allocation.disk.threshold_enabled", false);
    // The real-memory breaker compares the whole heap against its limit and rejects requests on a
    // small heap whenever garbage is waiting to be collected; the request breakers still apply.
    settings.put("indices.breaker.total.use_real_memory", false);
    if (nodes == 1) {
      settings.put("discovery.type", "single-node");
      return;
    }
    settings.putList("cluster.initial_cluster_manager_nodes", "node-1");
    if (id == 1) {
      settings.putList("node.roles", "cluster_manager", "data", "ingest");
      // No seed list means scanning the default local ports, where another cluster may listen.
      settings.putList("discovery.seed_hosts", List.of());
    } else {
      settings.putList("node.roles", "data", "ingest");
      settings.putList("discovery.seed_hosts", transportAddress(runner.getNode(0)).toString());
    }
  }

  private static TransportAddress httpAddress(Node node) {
    return node.injector().getInstance(HttpServerTransport.class).boundAddress().publishAddress();
  }

  private static TransportAddress transportAddress(Node node) {
    return node.injector().getInstance(TransportService.class).boundAddress().publishAddress();
  }
}
