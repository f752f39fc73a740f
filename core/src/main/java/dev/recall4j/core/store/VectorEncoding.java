package dev.recall4j.core.store;

/**
 * How the HNSW graph stores vectors ({@code index_settings.vector_encoding}). Every encoding also
 * keeps the full-precision (normalised) floats, so changing the encoding never loses information;
 * the quantised copy is what graph search reads. Each store maps it onto its engine's formats (the
 * in-process index: {@code Lucene99HnswVectorsFormat} for {@link #FLOAT32}, {@code
 * Lucene104HnswScalarQuantizedVectorsFormat} for {@link #INT8} and {@link #INT4}); a store that
 * cannot hold one refuses it when it opens.
 */
public enum VectorEncoding {
  /** No quantisation: 4 bytes per dimension in the graph. Exact scores, most memory. */
  FLOAT32,
  /**
   * 8-bit scalar quantisation: 1 byte per dimension. The default: near-float recall at a quarter of
   * the memory.
   */
  INT8,
  /**
   * 4-bit scalar quantisation: half a byte per dimension. Least memory; recall must be measured.
   */
  INT4
}
