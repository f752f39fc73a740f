package dev.recall4j.store;

import dev.recall4j.core.Checks;
import java.nio.file.Path;

/**
 * Immutable settings of a {@link LuceneStore}, built with {@link #builder(Path)}; a bad value
 * throws {@link IllegalArgumentException} naming the setting at build time.
 *
 * @param directory the index directory; created when missing
 * @param vectorDimension dimension of every vector in the index, or 0 for "lexical only, or
 *     whatever the index records" (default 0); at most {@value #MAX_DIMENSION} (Lucene's HNSW
 *     limit)
 * @param embeddingModel the id of the model that makes the vectors, or null for "whatever the index
 *     records" (default null)
 * @param vectorEncoding how HNSW stores vectors (default {@link VectorEncoding#INT8})
 * @param hnswM maximum graph connections per node (default 16, Lucene's default; 2 to 512)
 * @param hnswBeamWidth candidate list size while building the graph (default 100, Lucene's default;
 *     2 to 3200)
 * @param vectorCandidates how many neighbours a kNN search collects before keeping the requested
 *     top k: the search asks HNSW for {@code max(topK, vectorCandidates)} (default 100, which gave
 *     recall@10 of 0.96–0.98 against exact search at 100K records in issue 7's spike, against 0.70
 *     for k = 10; 1 to 10,000)
 * @param bm25K1 BM25 term-frequency saturation (default 0.9, Anserini's BM25 setting; 0 to 10)
 * @param bm25B BM25 length normalisation (default 0.4, Anserini's BM25 setting; 0 to 1)
 * @param codeFieldBoost weight of the code-aware field relative to the English text field in
 *     lexical search; 0 turns the code field off, which gives plain BM25 over the English field
 *     (Anserini parity). Default {@value #DEFAULT_CODE_FIELD_BOOST}: see {@link
 *     #DEFAULT_CODE_FIELD_BOOST}. 0 to 10.
 */
public record StoreOptions(
    Path directory,
    int vectorDimension,
    String embeddingModel,
    VectorEncoding vectorEncoding,
    int hnswM,
    int hnswBeamWidth,
    int vectorCandidates,
    double bm25K1,
    double bm25B,
    float codeFieldBoost) {

  /** The largest vector dimension Lucene's HNSW formats accept. */
  public static final int MAX_DIMENSION = 1024;

  /**
   * Default {@link #codeFieldBoost}: 0.3. The code field's split identifier parts ({@code findById
   * -> find, by, id}) let identifier and path queries match text the English analyzer keeps whole;
   * a weight well below 1 keeps the English field in charge of prose ranking (the code field
   * repeats every prose word unstemmed, so a weight near 1 would double-count them). Measured on
   * SciFact (BEIR test split, 300 queries, BM25 k1 0.9 b 0.4, top 10): nDCG@10 0.6787 at 0
   * (Anserini's BM25 figure, exactly), 0.6872 at 0.15, 0.6905 at 0.3, 0.6889 at 0.5; the identifier
   * test in {@code LuceneStoreTest} needs it above 0.
   */
  public static final float DEFAULT_CODE_FIELD_BOOST = 0.3f;

  public StoreOptions {
    Checks.notNull(directory, "directory");
    Checks.require(
        vectorDimension >= 0 && vectorDimension <= MAX_DIMENSION,
        "vectorDimension",
        "must be in [0, %d] (0 = no vectors), got %d",
        MAX_DIMENSION,
        vectorDimension);
    embeddingModel = Checks.blankToNull(embeddingModel);
    Checks.notNull(vectorEncoding, "vectorEncoding");
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
  }

  /** A builder with every default set; only the directory is required. */
  public static Builder builder(Path directory) {
    return new Builder(directory);
  }

  /** Builds {@link StoreOptions}; values are checked by {@link #build()}. Not thread-safe. */
  public static final class Builder {
    private final Path directory;
    private int vectorDimension;
    private String embeddingModel;
    private VectorEncoding vectorEncoding = VectorEncoding.INT8;
    private int hnswM = 16;
    private int hnswBeamWidth = 100;
    private int vectorCandidates = 100;
    private double bm25K1 = 0.9;
    private double bm25B = 0.4;
    private float codeFieldBoost = DEFAULT_CODE_FIELD_BOOST;

    private Builder(Path directory) {
      this.directory = directory;
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

    /** Validates and builds. */
    public StoreOptions build() {
      return new StoreOptions(
          directory,
          vectorDimension,
          embeddingModel,
          vectorEncoding,
          hnswM,
          hnswBeamWidth,
          vectorCandidates,
          bm25K1,
          bm25B,
          codeFieldBoost);
    }
  }
}
