package dev.recall4j.store;

/**
 * How the HNSW graph stores vectors. Every encoding also keeps the full-precision (normalised)
 * floats on disk, so changing the encoding never loses information; the quantised copy is what
 * graph search reads.
 *
 * <p>Lucene formats behind each value (lucene-core 10.6): {@link #FLOAT32} is {@code
 * Lucene99HnswVectorsFormat}; {@link #INT8} and {@link #INT4} are {@code
 * Lucene104HnswScalarQuantizedVectorsFormat} with {@code ScalarEncoding.UNSIGNED_BYTE} and {@code
 * PACKED_NIBBLE}.
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
