package dev.recall4j.opensearch;

import dev.recall4j.core.Checks;
import dev.recall4j.core.ConfigSection;
import dev.recall4j.core.store.IndexSettings;
import dev.recall4j.core.store.RecordStore;
import dev.recall4j.engine.StoreOpener;
import dev.recall4j.engine.StoreProvider;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * {@code store: {type: opensearch, ...}} in {@code recall4j.yaml}: the records in an OpenSearch
 * cluster ({@link OpenSearchStore}), found by the engine through {@code META-INF/services}.
 *
 * <pre>
 * store:
 *   type: opensearch
 *   hosts: [https://node1:9200, https://node2:9200]   # required
 *   index: recall4j              # default recall4j; the access statistics go in recall4j-access
 *   shards: 1                    # of a new index (default 1)
 *   replicas: 1                  # of a new index (default 1)
 *   refresh_interval_ms: 1000    # default 1000
 *   timeout_ms: 60000            # one request's answer (default 60000); compaction waits longer
 *   user_env: OPENSEARCH_USER    # names of environment variables, never the secrets themselves
 *   password_env: OPENSEARCH_PASSWORD
 *   api_key_env: OPENSEARCH_API_KEY   # instead of user and password
 *   tls: {ca: certs/root-ca.pem, verify: true}
 * </pre>
 *
 * Every key is checked when the file is read, and an error names it ({@code store.hosts: ...}); a
 * secret written in the file itself ({@code password}, {@code api_key}, {@code user}) is refused.
 * The index settings ({@code index_settings}) and the embedding model are the configuration's, as
 * for the in-process index.
 */
public final class OpenSearchStoreProvider implements StoreProvider {
  /** The {@code store.type} of this store. */
  public static final String TYPE = "opensearch";

  private static final Set<String> KEYS =
      Set.of(
          "type",
          "hosts",
          "index",
          "shards",
          "replicas",
          "refresh_interval_ms",
          "timeout_ms",
          "user_env",
          "password_env",
          "api_key_env",
          "tls");

  private static final Set<String> SECRETS = Set.of("user", "password", "api_key");

  private final UnaryOperator<String> environment;

  /** Reads secrets from the process environment. */
  public OpenSearchStoreProvider() {
    this(System::getenv);
  }

  /** Reads secrets from {@code environment} (a variable's value, or null when unset). */
  OpenSearchStoreProvider(UnaryOperator<String> environment) {
    this.environment = environment;
  }

  @Override
  public String type() {
    return TYPE;
  }

  @Override
  public StoreOpener read(ConfigSection store, Path workspace) {
    for (String secret : SECRETS) {
      if (store.has(secret)) {
        throw new IllegalArgumentException(
            store.key(secret)
                + ": a credential is never read from the configuration file; put it in an"
                + " environment variable and name the variable with "
                + store.key(secret + "_env"));
      }
    }
    store.allow(KEYS);
    List<URI> hosts = new ArrayList<>();
    store.list("hosts", texts -> texts.forEach(t -> hosts.add(host(t))));
    if (hosts.isEmpty()) {
      throw new IllegalArgumentException(
          store.key("hosts") + ": required, the nodes' addresses, e.g. [https://node1:9200]");
    }
    OpenSearchOptions.Builder b =
        OpenSearchOptions.builder(hosts, store.has("index") ? store.text("index") : "recall4j");
    store.integer("shards", b::shards);
    store.integer("replicas", b::replicas);
    store.integer(
        "refresh_interval_ms",
        ms -> {
          Checks.require(
              ms >= 1 && ms <= 3_600_000, "refresh_interval_ms", "must be in [1, 3600000]");
          b.refreshInterval(Duration.ofMillis(ms));
        });
    store.integer(
        "timeout_ms",
        ms -> {
          Checks.require(ms >= 1 && ms <= 3_600_000, "timeout_ms", "must be in [1, 3600000]");
          b.requestTimeout(Duration.ofMillis(ms));
        });
    b.access(access(store, workspace));
    OpenSearchOptions base;
    try {
      base = b.build();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(store.key(e.getMessage()), e);
    }
    return new Opener(base);
  }

  private ClusterAccess access(ConfigSection store, Path workspace) {
    ClusterAccess[] access = {ClusterAccess.NONE};
    store.section(
        "tls",
        tls -> {
          tls.allow("ca", "verify");
          Path[] ca = {null};
          boolean[] verify = {true};
          tls.text("ca", v -> ca[0] = readable(workspace.resolve(v).normalize()));
          tls.bool("verify", v -> verify[0] = v);
          try {
            access[0] = access[0].withTls(ca[0], verify[0]);
          } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(store.key(e.getMessage()), e);
          }
        });
    String user = secret(store, "user_env");
    String password = secret(store, "password_env");
    String apiKey = secret(store, "api_key_env");
    if (apiKey != null && (user != null || password != null)) {
      throw new IllegalArgumentException(
          store.key("api_key_env") + ": give either an API key or a user and password, not both");
    }
    if ((user == null) != (password == null)) {
      String missing = user == null ? "user_env" : "password_env";
      throw new IllegalArgumentException(
          store.key(missing)
              + ": required with "
              + store.key(user == null ? "password_env" : "user_env"));
    }
    if (apiKey != null) {
      return access[0].withApiKey(apiKey);
    }
    return user == null ? access[0] : access[0].withBasic(user, password);
  }

  /** The value of the environment variable a key names; null when the key is absent. */
  private String secret(ConfigSection store, String key) {
    String variable = store.text(key);
    if (variable == null) {
      return null;
    }
    String value = environment.apply(variable);
    if (value == null || value.isEmpty()) {
      throw new IllegalArgumentException(
          store.key(key) + ": environment variable " + variable + " is not set");
    }
    return value;
  }

  private static URI host(String text) {
    try {
      return new URI(text.strip());
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("not an address: " + e.getMessage(), e);
    }
  }

  private static Path readable(Path file) {
    if (!Files.isReadable(file)) {
      throw new IllegalArgumentException("no readable file " + file);
    }
    return file;
  }

  /** Opens the configured index with the configuration's index settings and model. */
  private record Opener(OpenSearchOptions base) implements StoreOpener {
    @Override
    public String location() {
      return OpenSearchStore.location(base);
    }

    @Override
    public RecordStore open(IndexSettings index, String model, int dimension, Duration lockWait)
        throws IOException {
      // No lock to wait for: any number of processes write to one cluster index.
      OpenSearchOptions options =
          base.toBuilder().indexSettings(index).embedding(model, dimension).build();
      return lockWait == null
          ? OpenSearchStore.openReadOnly(options)
          : OpenSearchStore.open(options);
    }
  }
}
