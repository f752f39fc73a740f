package dev.recall4j.core.store;

import dev.recall4j.core.Checks;
import dev.recall4j.core.ConfigSection;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.Wire;
import java.util.function.Consumer;

/**
 * How a store indexes and searches ({@code index_settings} in {@code recall4j.yaml}): the one place
 * these settings and their defaults are defined, read by every store (the in-process index, a
 * cluster's mapping) and by the evaluation's index cache. Immutable; each {@code with} method
 * returns a copy, checked like the constructor.
 *
 * @param vectorEncoding {@code vector_encoding}: how HNSW holds vectors (default {@link
 *     VectorEncoding#INT8})
 * @param hnswM {@code hnsw_m}: maximum graph connections per node (default 16, Lucene's; 2 to 512)
 * @param hnswBeamWidth {@code hnsw_beam_width}: candidate list size while building the graph
 *     (default 100, Lucene's; 2 to 3200)
 * @param vectorCandidates {@code vector_candidates}: how many neighbours a kNN search collects
 *     before keeping the requested top k: it asks for {@code max(topK, vectorCandidates)} (default
 *     100, which gave recall@10 of 0.96-0.98 against exact search at 100K records in issue 7's
 *     spike, against 0.70 for k = 10; 1 to {@link RecallRequest#MAX_TOP_K})
 * @param bm25K1 {@code bm25_k1}: BM25 term-frequency saturation (default 0.9, Anserini's; 0 to 10)
 * @param bm25B {@code bm25_b}: BM25 length normalisation (default 0.4, Anserini's; 0 to 1)
 * @param codeFieldBoost {@code code_field_boost}: weight of the code-aware field (split
 *     identifiers, paths) beside the English text field, applied at query time; 0 gives plain BM25
 *     as Anserini computes it (default {@value #DEFAULT_CODE_FIELD_BOOST}; 0 to 10)
 * @param segmentsPerTier {@code segments_per_tier}: segments of about one size the in-process index
 *     lets stand before merging them in the background (default {@value
 *     #DEFAULT_SEGMENTS_PER_TIER}; Lucene's is 8): every search visits every segment, so fewer suit
 *     an index read far more often than written. 0 merges only when compacting, so an index keeps
 *     the segments its writes leave: the evaluation uses it, since where background merges land
 *     depends on timing and HNSW search is approximate per segment. 0 or 2 to 50
 */
public record IndexSettings(
    VectorEncoding vectorEncoding,
    int hnswM,
    int hnswBeamWidth,
    int vectorCandidates,
    double bm25K1,
    double bm25B,
    double codeFieldBoost,
    int segmentsPerTier) {

  /**
   * Default {@link #codeFieldBoost}: 0.3. The code field's split identifier parts ({@code findById
   * -> find, by, id}) let identifier and path queries match text the English analyzer keeps whole;
   * a weight well below 1 keeps the English field in charge of prose ranking (the code field
   * repeats every prose word unstemmed, so a weight near 1 would double-count them). Measured on
   * SciFact (BEIR test split, 300 queries, BM25 k1 0.9 b 0.4, top 10): nDCG@10 0.6787 at 0
   * (Anserini's BM25 figure, exactly), 0.6872 at 0.15, 0.6905 at 0.3, 0.6889 at 0.5.
   */
  public static final double DEFAULT_CODE_FIELD_BOOST = 0.3;

  /** Default {@link #segmentsPerTier}: 4 (issue 35: a 10K recall as built took half the time). */
  public static final int DEFAULT_SEGMENTS_PER_TIER = 4;

  /** Every default. */
  public static final IndexSettings DEFAULTS =
      new IndexSettings(
          VectorEncoding.INT8,
          16,
          100,
          100,
          0.9,
          0.4,
          DEFAULT_CODE_FIELD_BOOST,
          DEFAULT_SEGMENTS_PER_TIER);

  public IndexSettings {
    Checks.notNull(vectorEncoding, "index_settings.vector_encoding");
    Checks.require(
        hnswM >= 2 && hnswM <= 512, "index_settings.hnsw_m", "must be in [2, 512], got %d", hnswM);
    Checks.require(
        hnswBeamWidth >= 2 && hnswBeamWidth <= 3200,
        "index_settings.hnsw_beam_width",
        "must be in [2, 3200], got %d",
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
    Checks.require(
        segmentsPerTier == 0 || (segmentsPerTier >= 2 && segmentsPerTier <= 50),
        "index_settings.segments_per_tier",
        "must be 0 (merge only when compacting) or in [2, 50], got %d",
        segmentsPerTier);
  }

  /** These settings with what an {@code index_settings} section says over them. */
  public IndexSettings read(ConfigSection s) {
    s.allow(
        "vector_encoding",
        "hnsw_m",
        "hnsw_beam_width",
        "vector_candidates",
        "bm25_k1",
        "bm25_b",
        "code_field_boost",
        "segments_per_tier");
    IndexSettings[] x = {this};
    s.text(
        "vector_encoding",
        v ->
            x[0] = x[0].withVectorEncoding(Wire.parse(VectorEncoding.class, "vector_encoding", v)));
    s.integer("hnsw_m", v -> x[0] = x[0].withHnswM(v));
    s.integer("hnsw_beam_width", v -> x[0] = x[0].withHnswBeamWidth(v));
    s.integer("vector_candidates", v -> x[0] = x[0].withVectorCandidates(v));
    s.number("bm25_k1", v -> x[0] = x[0].withBm25(v, x[0].bm25B));
    s.number("bm25_b", v -> x[0] = x[0].withBm25(x[0].bm25K1, v));
    s.number("code_field_boost", v -> x[0] = x[0].withCodeFieldBoost(v));
    s.integer("segments_per_tier", v -> x[0] = x[0].withSegmentsPerTier(v));
    return x[0];
  }

  public IndexSettings withVectorEncoding(VectorEncoding encoding) {
    return edit(e -> e.vectorEncoding = encoding);
  }

  public IndexSettings withHnswM(int m) {
    return edit(e -> e.hnswM = m);
  }

  public IndexSettings withHnswBeamWidth(int beamWidth) {
    return edit(e -> e.hnswBeamWidth = beamWidth);
  }

  public IndexSettings withVectorCandidates(int candidates) {
    return edit(e -> e.vectorCandidates = candidates);
  }

  public IndexSettings withBm25(double k1, double b) {
    return edit(
        e -> {
          e.bm25K1 = k1;
          e.bm25B = b;
        });
  }

  public IndexSettings withCodeFieldBoost(double boost) {
    return edit(e -> e.codeFieldBoost = boost);
  }

  public IndexSettings withSegmentsPerTier(int segments) {
    return edit(e -> e.segmentsPerTier = segments);
  }

  /** A copy with {@code change} applied, checked like the constructor. */
  private IndexSettings edit(Consumer<Edit> change) {
    Edit edit = new Edit(this);
    change.accept(edit);
    return new IndexSettings(
        edit.vectorEncoding,
        edit.hnswM,
        edit.hnswBeamWidth,
        edit.vectorCandidates,
        edit.bm25K1,
        edit.bm25B,
        edit.codeFieldBoost,
        edit.segmentsPerTier);
  }

  /** The settings' values while a {@code with} method changes one. */
  private static final class Edit {
    VectorEncoding vectorEncoding;
    int hnswM;
    int hnswBeamWidth;
    int vectorCandidates;
    double bm25K1;
    double bm25B;
    double codeFieldBoost;
    int segmentsPerTier;

    Edit(IndexSettings s) {
      vectorEncoding = s.vectorEncoding;
      hnswM = s.hnswM;
      hnswBeamWidth = s.hnswBeamWidth;
      vectorCandidates = s.vectorCandidates;
      bm25K1 = s.bm25K1;
      bm25B = s.bm25B;
      codeFieldBoost = s.codeFieldBoost;
      segmentsPerTier = s.segmentsPerTier;
    }
  }
}
