package dev.recall4j.opensearch;

import dev.recall4j.core.ConfigSection;
import dev.recall4j.engine.StoreKit;
import dev.recall4j.engine.StoreKitResolver;
import dev.recall4j.engine.StoreOpener;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The cluster store as a {@link StoreKit}: each store a fresh index of the test cluster, opened as
 * a {@code store: {type: opensearch}} section configures it (through {@link
 * OpenSearchStoreProvider}), with two shards so that routing by namespace matters and a replica on
 * the other node; {@link StoreKit#close} deletes the indices. As an extension ({@code
 * ExtendWith(ClusterStores.class)}), it resolves {@link StoreKit} parameters.
 */
final class ClusterStores extends StoreKitResolver {
  /** Two shards: a namespace's records live on one of them, found by routing. */
  static final int SHARDS = 2;

  /** Short, so that a one-record write (which waits for the next refresh) returns soon. */
  static final int REFRESH_MS = 50;

  private static int made;

  @Override
  protected StoreKit create(ExtensionContext context) {
    return kit(OpenSearchCluster.hosts(context));
  }

  /** A kit on the cluster at these hosts. */
  static StoreKit kit(OpenSearchCluster.Hosts hosts) {
    return new StoreKit() {
      private final List<String> indices = new ArrayList<>();

      @Override
      public StoreOpener newStore() {
        String index = "kit-" + next();
        indices.add(index);
        return opener(section(hosts.uris(), index));
      }

      @Override
      public void close() throws IOException {
        if (indices.isEmpty()) {
          return;
        }
        List<String> all = new ArrayList<>();
        indices.forEach(index -> all.addAll(List.of(index, index + "-access")));
        try (Cluster cluster =
            new Cluster(hosts.uris(), ClusterAccess.NONE, Duration.ofMinutes(1))) {
          cluster.call(
              "DELETE", "/" + String.join(",", all), Map.of("ignore_unavailable", "true"), null);
        }
      }
    };
  }

  /** The {@code store} section of an index on these hosts. */
  static Map<String, Object> section(List<URI> hosts, String index) {
    Map<String, Object> store = new LinkedHashMap<>();
    store.put("type", OpenSearchStoreProvider.TYPE);
    store.put("hosts", hosts.stream().map(URI::toString).toList());
    store.put("index", index);
    store.put("shards", SHARDS);
    store.put("replicas", 1);
    store.put("refresh_interval_ms", REFRESH_MS);
    return store;
  }

  private static StoreOpener opener(Map<String, Object> section) {
    return new OpenSearchStoreProvider()
        .read(ConfigSection.of(section, "store"), Path.of("").toAbsolutePath());
  }

  private static synchronized int next() {
    return ++made;
  }
}
