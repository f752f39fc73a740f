package dev.recall4j.opensearch;

import dev.recall4j.core.Checks;
import dev.recall4j.core.store.IndexSettings;
import dev.recall4j.core.store.VectorEncoding;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Immutable settings of an {@link OpenSearchStore}, built with {@link #builder(List, String)}; a
 * bad value throws {@link IllegalArgumentException} naming the setting at build time. How the index
 * is built and searched is the {@link IndexSettings} every store shares, with their defaults.
 *
 * @param hosts the HTTP base addresses of one or more of the cluster's nodes ({@code
 *     http[s]://host:port}); requests are spread over them and move on from one that fails
 * @param index the records' index; the access statistics live beside it in {@code <index>-access}.
 *     Lower case, as OpenSearch requires
 * @param shards primary shards of a new index (default 1: BM25 statistics are then those of the
 *     whole index, as in process); 1 to 1024
 * @param replicas copies of each shard on other nodes (default 1); 0 to 16
 * @param vectorDimension dimension of every vector, or 0 for "lexical only, or whatever the index
 *     records" (default 0); at most {@value #MAX_DIMENSION}
 * @param embeddingModel the id of the model that makes the vectors, or null for "whatever the index
 *     records"
 * @param indexSettings {@code index_settings}: {@link VectorEncoding#INT8} (the default) is the
 *     k-NN plugin's Lucene scalar quantiser ({@code encoder: sq}, 7 bits), {@link
 *     VectorEncoding#FLOAT32} stores floats, {@link VectorEncoding#INT4} has no Lucene-engine
 *     counterpart there and is refused; BM25's k1 and b are an index similarity setting, fixed when
 *     the index is created; the code field's boost and the vector candidates ({@code k}) apply per
 *     query
 * @param refreshInterval how often the cluster makes new writes searchable on its own (default 1
 *     s); a one-record write waits for the next refresh, a batch forces one
 * @param requestTimeout how long one request may wait for its answer (default 60 s) before the
 *     client tries another node; compaction, which waits for the merge, is not bounded by it
 * @param access how requests authenticate and which certificates they trust
 */
public record OpenSearchOptions(
    List<URI> hosts,
    String index,
    int shards,
    int replicas,
    int vectorDimension,
    String embeddingModel,
    IndexSettings indexSettings,
    Duration refreshInterval,
    Duration requestTimeout,
    ClusterAccess access) {

  /**
   * OpenSearch's rule for index names, less the characters that need escaping in a URL path, and
   * short enough for the {@code -access} suffix.
   */
  private static final Pattern INDEX_NAME = Pattern.compile("[a-z0-9][a-z0-9_.-]{0,199}");

  /**
   * The largest vector dimension: the in-process index's (Lucene's HNSW default), so that a record
   * one store holds the other can hold too and {@code migrate} never meets a vector it refuses.
   */
  public static final int MAX_DIMENSION = 1024;

  public OpenSearchOptions {
    Checks.notNull(hosts, "hosts");
    Checks.require(!hosts.isEmpty(), "hosts", "must name at least one node");
    for (URI host : hosts) {
      Checks.require(
          host != null
              && ("http".equals(host.getScheme()) || "https".equals(host.getScheme()))
              && host.getHost() != null
              && host.getPort() > 0,
          "hosts",
          "each must be http[s]://host:port, got %s",
          host);
    }
    hosts = List.copyOf(hosts);
    Checks.notNull(index, "index");
    Checks.require(
        INDEX_NAME.matcher(index).matches(),
        "index",
        "must be 1-200 characters of a-z 0-9 _ . - starting with a letter or digit, got %s",
        Checks.excerpt(index));
    Checks.require(shards >= 1 && shards <= 1024, "shards", "must be in [1, 1024], got %d", shards);
    Checks.require(
        replicas >= 0 && replicas <= 16, "replicas", "must be in [0, 16], got %d", replicas);
    Checks.require(
        vectorDimension >= 0 && vectorDimension <= MAX_DIMENSION,
        "vectorDimension",
        "must be in [0, %d] (0 = no vectors), got %d",
        MAX_DIMENSION,
        vectorDimension);
    embeddingModel = Checks.blankToNull(embeddingModel);
    Checks.notNull(indexSettings, "index_settings");
    Checks.require(
        indexSettings.vectorEncoding() != VectorEncoding.INT4,
        "index_settings.vector_encoding",
        "int4 has no counterpart in the k-NN plugin's Lucene engine; use int8 or float32");
    Checks.notNull(refreshInterval, "refreshInterval");
    Checks.require(
        refreshInterval.toMillis() >= 1 && refreshInterval.compareTo(Duration.ofHours(1)) <= 0,
        "refreshInterval",
        "must be between 1 ms and 1 h, got %s",
        refreshInterval);
    Checks.notNull(requestTimeout, "requestTimeout");
    Checks.require(
        requestTimeout.toMillis() >= 1 && requestTimeout.compareTo(Duration.ofHours(1)) <= 0,
        "requestTimeout",
        "must be between 1 ms and 1 h, got %s",
        requestTimeout);
    Checks.notNull(access, "access");
  }

  /** The index of the access statistics, beside the records' index. */
  String accessIndex() {
    return index + "-access";
  }

  /** A builder with every default set; the hosts and the index are required. */
  public static Builder builder(List<URI> hosts, String index) {
    return new Builder(hosts, index);
  }

  /** A builder holding these options, to change some of them. */
  public Builder toBuilder() {
    return builder(hosts, index)
        .shards(shards)
        .replicas(replicas)
        .embedding(embeddingModel, vectorDimension)
        .indexSettings(indexSettings)
        .refreshInterval(refreshInterval)
        .requestTimeout(requestTimeout)
        .access(access);
  }

  /** Builds {@link OpenSearchOptions}; values are checked by {@link #build()}. Not thread-safe. */
  public static final class Builder {
    private final List<URI> hosts;
    private final String index;
    private int shards = 1;
    private int replicas = 1;
    private int vectorDimension;
    private String embeddingModel;
    private IndexSettings indexSettings = IndexSettings.DEFAULTS;
    private Duration refreshInterval = Duration.ofSeconds(1);
    private Duration requestTimeout = Duration.ofSeconds(60);
    private ClusterAccess access = ClusterAccess.NONE;

    private Builder(List<URI> hosts, String index) {
      this.hosts = hosts;
      this.index = index;
    }

    public Builder shards(int shards) {
      this.shards = shards;
      return this;
    }

    public Builder replicas(int replicas) {
      this.replicas = replicas;
      return this;
    }

    /** Sets the model id and its dimension together, as an embedder reports them. */
    public Builder embedding(String model, int dimension) {
      this.embeddingModel = model;
      this.vectorDimension = dimension;
      return this;
    }

    public Builder indexSettings(IndexSettings indexSettings) {
      this.indexSettings = indexSettings;
      return this;
    }

    public Builder refreshInterval(Duration refreshInterval) {
      this.refreshInterval = refreshInterval;
      return this;
    }

    public Builder requestTimeout(Duration requestTimeout) {
      this.requestTimeout = requestTimeout;
      return this;
    }

    public Builder access(ClusterAccess access) {
      this.access = access;
      return this;
    }

    /** Validates and builds. */
    public OpenSearchOptions build() {
      return new OpenSearchOptions(
          hosts,
          index,
          shards,
          replicas,
          vectorDimension,
          embeddingModel,
          indexSettings,
          refreshInterval,
          requestTimeout,
          access);
    }
  }
}
