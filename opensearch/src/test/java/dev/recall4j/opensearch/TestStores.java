package dev.recall4j.opensearch;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.store.Hit;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;

/**
 * Stores of the cluster store's own tests, each on indices of its own in the shared test cluster.
 * {@link #close} deletes every index opened through it, so that the cluster does not grow over a
 * test run.
 */
final class TestStores implements AutoCloseable {
  static final Instant T0 = Instant.parse("2025-03-01T10:15:30.123456789Z");

  private static final AtomicInteger NEXT = new AtomicInteger();

  private final OpenSearchCluster.Hosts hosts;
  private final Set<String> opened = new LinkedHashSet<>();

  TestStores(OpenSearchCluster.Hosts hosts) {
    this.hosts = hosts;
  }

  @Override
  public void close() throws IOException {
    if (opened.isEmpty()) {
      return;
    }
    List<String> indices = new ArrayList<>();
    opened.forEach(index -> indices.addAll(List.of(index, index + "-access")));
    try (Cluster cluster = cluster()) {
      cluster.call(
          "DELETE", "/" + String.join(",", indices), Map.of("ignore_unavailable", "true"), null);
    }
  }

  /** A fresh index name, unique in this test JVM, recognisable in the cluster by the test. */
  static String newIndex(String test) {
    return (test + "-" + NEXT.incrementAndGet()).toLowerCase(Locale.ROOT);
  }

  /** A connection to the test cluster, for what the store does not do. */
  Cluster cluster() {
    return new Cluster(hosts.uris(), ClusterAccess.NONE, Duration.ofMinutes(1));
  }

  /**
   * Options for {@code index} with a short refresh interval (a one-record write waits for the next
   * refresh) and one replica, so that every shard has a copy on each node.
   */
  OpenSearchOptions.Builder options(String index) {
    opened.add(index);
    return OpenSearchOptions.builder(hosts.uris(), index).refreshInterval(Duration.ofMillis(50));
  }

  /** Waits until every shard copy of the index and of its access index has started. */
  void awaitGreen(String index) throws IOException {
    try (Cluster cluster = cluster()) {
      cluster.call(
          "GET",
          "/_cluster/health/" + index + "," + index + "-access",
          Map.of("wait_for_status", "green", "timeout", "60s"),
          null);
    }
  }

  OpenSearchStore open(String index, UnaryOperator<OpenSearchOptions.Builder> settings)
      throws IOException {
    return OpenSearchStore.open(settings.apply(options(index)).build());
  }

  OpenSearchStore lexical(String index) throws IOException {
    return open(index, b -> b);
  }

  OpenSearchStore withVectors(String index, int dimension) throws IOException {
    return open(index, b -> b.embedding("test-model", dimension));
  }

  /** A memory in namespace "ns" with the given content. */
  static MemoryRecord.Builder record(String id, String content) {
    return MemoryRecord.builder()
        .id(id)
        .silo(Silo.MEMORY)
        .scope(Scope.of("ns"))
        .content(content)
        .created(T0);
  }

  static List<String> ids(List<Hit> hits) {
    return hits.stream().map(h -> h.record().id()).toList();
  }
}
