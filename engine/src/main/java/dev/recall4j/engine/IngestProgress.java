package dev.recall4j.engine;

/** Receives progress of a bulk ingest: called from the ingesting thread after each batch. */
@FunctionalInterface
public interface IngestProgress {
  /** No progress reporting. */
  IngestProgress NONE = (done, total) -> {};

  /**
   * @param done records embedded and staged so far
   * @param total records in the ingest
   */
  void update(long done, long total);
}
