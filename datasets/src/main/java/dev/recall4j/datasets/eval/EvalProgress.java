package dev.recall4j.datasets.eval;

/** Receives progress of an evaluation, from the evaluating thread. */
@FunctionalInterface
public interface EvalProgress {
  /** No reporting. */
  EvalProgress NONE = (stage, done, total) -> {};

  /**
   * @param stage what is being done: {@code embed+index}, {@code sqlite}, {@code query} or {@code
   *     query bm25}; a new stage starts at done = 0
   * @param done units finished so far (documents or queries)
   * @param total units of the stage
   */
  void update(String stage, long done, long total);
}
