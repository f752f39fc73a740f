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
 * bad value throws {@link IllegalArgumentException} naming the setting at build time. The search
 * settings mean what they mean for the in-process store ({@link StoreOptions}) and have the same
 * defaults.
 *
 * @param hosts the HTTP base addresses of one or more of the cluster's nodes ({@code
 *     http[s]://host:port}); requests are spread over them and move on from one that fails
 * @param index the records' index; the access statistics live beside it in {@code <index>-access}.
 *     Lower case, as OpenSearch requires
 * @param shards primary shards of a new index (default 1: BM25 statistics are then those of the
 *     whole index, as in process); 1 to 1024
 * @param replicas copies of each shard on other nodes (default 1); 0 to 16
 * @param vectorDimension as {@link StoreOptions#vectorDimension()}
 * @param embeddingModel as {@link StoreOptions#embeddingModel()}
 * @param vectorEncoding {@link VectorEncoding#INT8} (the default) is the k-NN plugin's Lucene
 *     scalar quantiser ({@code encoder: sq}, 7 bits); {@link VectorEncoding#FLOAT32} stores floats;
 *     {@link VectorEncoding#INT4} has no Lucene-engine counterpart there and is refused
 * @param hnswM as {@link StoreOptions#hnswM()}
 * @param hnswBeamWidth as {@link StoreOptions#hnswBeamWidth()} ({@code ef_construction})
 * @param vectorCandidates as {@link StoreOptions#vectorCandidates()} (the k-NN query's {@code k})
 * @param bm25K1 as {@link StoreOptions#bm25K1()}, an index similarity setting
 * @param bm25B as {@link StoreOptions#bm25B()}
 * @param codeFieldBoost as {@link StoreOptions#codeFieldBoost()}
 * @param refreshInterval how often the cluster makes new writes searchable on its own (default 1
 *     s); a one-record write waits for the next refresh, a batch forces one
 */
public record OpenSearchOptions(
    List<URI> hosts,
    String index,
    int shards,
    int replicas,
    int vectorDimension,
    String embeddingModel,
    VectorEncoding vectorEncoding,
    int hnswM,
    int hnswBeamWidth,
    int vectorCandidates,
    double bm25K1,
    double bm25B,
    float codeFieldBoost,
    Duration refreshInterval) {

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
    Checks.notNull(vectorEncoding, "vectorEncoding");
    Checks.require(
        vectorEncoding != VectorEncoding.INT4,
        "vectorEncoding",
        "INT4 has no counterpart in the k-NN plugin's Lucene engine; use INT8 or FLOAT32");
    Checks.require(hnswM >= 2 && hnswM <= 512, "hnswM", "must be in [2, 512], got %d", hnswM);
    Checks.require(
        hnswBeamWidth >= 2 && hnswBeamWidth <= 3200,
        "hnswBeamWidth",
        "must be in [2, 3200], got %d",
        hnswBeamWidth);
    Checks.require(
        vectorCandidates >= 1 && vectorCandidates <= 10_000,
        "vectorCandidates",
        "must be in [1, 10000], got %d",
        vectorCandidates);
    Checks.inRange(bm25K1, 0.0, 10.0, "bm25K1");
    Checks.inRange(bm25B, 0.0, 1.0, "bm25B");
    Checks.inRange(codeFieldBoost, 0.0, 10.0, "codeFieldBoost");
    Checks.notNull(refreshInterval, "refreshInterval");
    Checks.require(
        refreshInterval.toMillis() >= 1 && refreshInterval.compareTo(Duration.ofHours(1)) <= 0,
        "refreshInterval",
        "must be between 1 ms and 1 h, got %s",
        refreshInterval);
  }

  /** The index of the access statistics, beside the records' index. */
  String accessIndex() {
    return index + "-access";
  }

  /** A builder with every default set; the hosts and the index are required. */
  public static Builder builder(List<URI> hosts, String index) {
    return new Builder(hosts, index);
  }

  /** Builds {@link OpenSearchOptions}; values are checked by {@link #build()}. Not thread-safe. */
  public static final class Builder {
    private final List<URI> hosts;
    private final String index;
    private int shards = 1;
    private int replicas = 1;
    private int vectorDimension;
    private String embeddingModel;
    private VectorEncoding vectorEncoding = VectorEncoding.INT8;
    private int hnswM = 16;
    private int hnswBeamWidth = 100;
    private int vectorCandidates = 100;
    private double bm25K1 = 0.9;
    private double bm25B = 0.4;
    private float codeFieldBoost = (float) IndexSettings.DEFAULT_CODE_FIELD_BOOST;
    private Duration refreshInterval = Duration.ofSeconds(1);

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

    public Builder vectorDimension(int vectorDimension) {
      this.vectorDimension = vectorDimension;
      return this;
    }

    public Builder embeddingModel(String embeddingModel) {
      this.embeddingModel = embeddingModel;
      return this;
    }

    public Builder vectorEncoding(VectorEncoding vectorEncoding) {
      this.vectorEncoding = vectorEncoding;
      return this;
    }

    public Builder hnswM(int hnswM) {
      this.hnswM = hnswM;
      return this;
    }

    public Builder hnswBeamWidth(int hnswBeamWidth) {
      this.hnswBeamWidth = hnswBeamWidth;
      return this;
    }

    public Builder vectorCandidates(int vectorCandidates) {
      this.vectorCandidates = vectorCandidates;
      return this;
    }

    public Builder bm25K1(double bm25K1) {
      this.bm25K1 = bm25K1;
      return this;
    }

    public Builder bm25B(double bm25B) {
      this.bm25B = bm25B;
      return this;
    }

    public Builder codeFieldBoost(float codeFieldBoost) {
      this.codeFieldBoost = codeFieldBoost;
      return this;
    }

    public Builder refreshInterval(Duration refreshInterval) {
      this.refreshInterval = refreshInterval;
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
          vectorEncoding,
          hnswM,
          hnswBeamWidth,
          vectorCandidates,
          bm25K1,
          bm25B,
          codeFieldBoost,
          refreshInterval);
    }
  }
}
