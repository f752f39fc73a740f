package dev.recall4j.engine;

import dev.recall4j.core.Checks;
import dev.recall4j.core.Embedder;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.store.StoreOptions;
import dev.recall4j.store.VectorEncoding;
import java.nio.file.Path;

/**
 * The {@code index_settings} of an {@link EngineConfig}. The defaults are {@link
 * EngineConfig.Builder}'s.
 *
 * @param vectorEncoding {@code index_settings.vector_encoding}: float32, int8 (default) or int4
 * @param hnswM {@code index_settings.hnsw_m}: HNSW graph degree (16, Lucene's default)
 * @param hnswBeamWidth {@code index_settings.hnsw_beam_width}: HNSW construction beam (100)
 * @param vectorCandidates {@code index_settings.vector_candidates}: HNSW candidates searched before
 *     keeping top-k (100)
 * @param bm25K1 {@code index_settings.bm25_k1}: BM25 k1 (0.9, Anserini's setting)
 * @param bm25B {@code index_settings.bm25_b}: BM25 b (0.4, Anserini's setting)
 * @param codeFieldBoost {@code index_settings.code_field_boost}: weight of the code-aware field
 *     (split identifiers, paths) beside the English text field, applied at query time (0.3; 0 gives
 *     plain BM25 as Anserini computes it)
 */
public record StoreSettings(
    VectorEncoding vectorEncoding,
    int hnswM,
    int hnswBeamWidth,
    int vectorCandidates,
    double bm25K1,
    double bm25B,
    double codeFieldBoost) {
  public StoreSettings {
    Checks.notNull(vectorEncoding, "index_settings.vector_encoding");
    Checks.require(
        hnswM >= 2 && hnswM <= 512, "index_settings.hnsw_m", "must be in [2, 512], got %d", hnswM);
    Checks.require(
        hnswBeamWidth >= 1 && hnswBeamWidth <= 3200,
        "index_settings.hnsw_beam_width",
        "must be in [1, 3200], got %d",
        hnswBeamWidth);
    Checks.require(
        vectorCandidates >= 1 && vectorCandidates <= RecallRequest.MAX_TOP_K,
        "index_settings.vector_candidates",
        "must be in [1, %d], got %d",
        RecallRequest.MAX_TOP_K,
        vectorCandidates);
    Checks.inRange(bm25K1, 0, 10, "index_settings.bm25_k1");
    Checks.inRange(bm25B, 0, 1, "index_settings.bm25_b");
    Checks.inRange(codeFieldBoost, 0, 10, "index_settings.code_field_boost");
  }

  /**
   * The store options of these settings for an index in {@code dir}, holding the vectors of {@code
   * embedder} (null: whatever model the index records, or none).
   */
  public StoreOptions options(Path dir, Embedder embedder) {
    return embedder == null
        ? options(dir, null, 0)
        : options(dir, embedder.modelId(), embedder.dimension());
  }

  /**
   * The store options of these settings for an index in {@code dir} holding vectors of this model
   * and dimension (null and 0: whatever the index records, or none).
   */
  public StoreOptions options(Path dir, String model, int dimension) {
    StoreOptions.Builder options =
        StoreOptions.builder(dir)
            .vectorEncoding(vectorEncoding)
            .hnswM(hnswM)
            .hnswBeamWidth(hnswBeamWidth)
            .vectorCandidates(vectorCandidates)
            .bm25K1(bm25K1)
            .bm25B(bm25B)
            .codeFieldBoost((float) codeFieldBoost);
    return options.vectorDimension(dimension).embeddingModel(model).build();
  }
}
