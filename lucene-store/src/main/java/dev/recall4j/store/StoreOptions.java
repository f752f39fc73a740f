package dev.recall4j.store;

import dev.recall4j.core.Checks;
import dev.recall4j.core.ContentFacts;
import dev.recall4j.core.store.IndexSettings;
import dev.recall4j.core.store.VectorEncoding;
import java.nio.file.Path;

/**
 * Immutable settings of a {@link LuceneStore}: where the index lives, whose vectors it holds, and
 * the {@link IndexSettings} (with their defaults) every store shares. Built with {@link
 * #builder(Path)}; a bad value throws {@link IllegalArgumentException} naming the setting.
 *
 * @param directory the index directory; created when missing
 * @param vectorDimension dimension of every vector in the index, or 0 for "lexical only, or
 *     whatever the index records" (default 0); at most {@value #MAX_DIMENSION} (Lucene's HNSW
 *     limit)
 * @param embeddingModel the id of the model that makes the vectors, or null for "whatever the index
 *     records" (default null)
 * @param index how the index is built and searched (default {@link IndexSettings#DEFAULTS})
 * @param contentFacts derives the {@link ContentFacts} stored with every record written that has
 *     none for its layout, or null to store only what records carry (default null)
 */
public record StoreOptions(
    Path directory,
    int vectorDimension,
    String embeddingModel,
    IndexSettings index,
    ContentFacts.Deriver contentFacts) {

  /** The largest vector dimension Lucene's HNSW formats accept. */
  public static final int MAX_DIMENSION = 1024;

  public StoreOptions {
    Checks.notNull(directory, "directory");
    Checks.require(
        vectorDimension >= 0 && vectorDimension <= MAX_DIMENSION,
        "vectorDimension",
        "must be in [0, %d] (0 = no vectors), got %d",
        MAX_DIMENSION,
        vectorDimension);
    embeddingModel = Checks.blankToNull(embeddingModel);
    Checks.notNull(index, "index");
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
    private IndexSettings index = IndexSettings.DEFAULTS;
    private ContentFacts.Deriver contentFacts;

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

    /** Every index setting at once; the setters below change one of them. */
    public Builder index(IndexSettings index) {
      this.index = Checks.notNull(index, "index");
      return this;
    }

    public Builder vectorEncoding(VectorEncoding vectorEncoding) {
      index = index.withVectorEncoding(vectorEncoding);
      return this;
    }

    public Builder hnswM(int hnswM) {
      index = index.withHnswM(hnswM);
      return this;
    }

    public Builder hnswBeamWidth(int hnswBeamWidth) {
      index = index.withHnswBeamWidth(hnswBeamWidth);
      return this;
    }

    public Builder vectorCandidates(int vectorCandidates) {
      index = index.withVectorCandidates(vectorCandidates);
      return this;
    }

    public Builder bm25(double k1, double b) {
      index = index.withBm25(k1, b);
      return this;
    }

    public Builder codeFieldBoost(double codeFieldBoost) {
      index = index.withCodeFieldBoost(codeFieldBoost);
      return this;
    }

    /** Derives the facts of records written without them (null: none). */
    public Builder contentFacts(ContentFacts.Deriver contentFacts) {
      this.contentFacts = contentFacts;
      return this;
    }

    /** Validates and builds. */
    public StoreOptions build() {
      return new StoreOptions(directory, vectorDimension, embeddingModel, index, contentFacts);
    }
  }
}
