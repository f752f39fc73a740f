package dev.recall4j.datasets.eval;

import dev.recall4j.budget.NaivePacker;
import dev.recall4j.budget.Packer;
import dev.recall4j.datasets.load.Dataset;
import dev.recall4j.datasets.metrics.Metric;
import java.io.IOException;

/**
 * Runs a dataset's judged queries through the engine in several modes and scores them.
 *
 * <p><b>What runs.</b> The corpus becomes engine records (RAG chunks for BEIR-layout datasets;
 * memories for LoCoMo turns and sessions, KB observations for its observation level, both in one
 * haystack for its mixed level, each document as at its own level; each document in its own
 * namespace, so a query only sees its haystack; the document timestamp as creation time). The index
 * is built once per corpus checksum, model and index settings, and cached with the document vectors
 * (see {@link EvalOptions#cacheDir()}). Each query is retrieved once with the engine's default
 * settings at {@link EvalOptions#depth()} candidates per path, and that one retrieval is ranked by
 * every engine mode (the fused ones see the first {@link EvalOptions#fusionDepth()} candidates of
 * each path); {@code bm25} reopens the index with {@code code_field_boost} 0 and runs the lexical
 * path again; {@code sqlite-fts5} searches the SQLite baseline built from the same documents and
 * vectors. The engine ranks with the options' tier policy ({@link EvalOptions#tierBoost()}, else
 * the engine's default), which is not part of the index key.
 *
 * <p><b>Time.</b> Recency decay is evaluated as of the moment the questions are asked: for a LoCoMo
 * conversation one day after its last session, for undated corpora the records' own time (no
 * decay). The engine reads that instant from its clock, which is set before each query.
 *
 * <p><b>Figures.</b> trec_eval metrics ({@link Metric#DEFAULTS}) over the mode's full ranking.
 * Budget-aware: for each budget, the mean over judged queries of the share of the query's
 * judged-relevant documents that reach the packed block ({@link Reach}: in full, or at least the
 * first {@value Reach#MIN_TOKENS} tokens of their text); the packers are offered the mode's first
 * {@link EvalOptions#packDepth()} records, the engine's {@link Packer} (cl100k, the engine's
 * defaults) and the {@link NaivePacker} (render the best in order, cut at the budget). Latency per
 * query and mode, in milliseconds: the retrieval stages the mode reads (lexical search; query
 * embedding and vector search; all for fused modes; for {@code sqlite-fts5} its two searches plus
 * the engine's query embedding time), plus its fusion and weighting, plus one packing at the
 * largest budget. Retrieval at depth 1,000 loads far more records than a recall (top 50 per path),
 * so these latencies are higher than the engine's.
 *
 * <p>Single-threaded over queries, so the latencies are not disturbed by each other. Not reentrant
 * on one cache directory: two runs building the same entry at once would collide.
 */
public final class Evaluator {
  private Evaluator() {}

  /**
   * Evaluates the dataset in every mode of the options.
   *
   * @return the figures per mode, in the options' mode order
   * @throws IOException when the cache or run directory cannot be written or the index read
   */
  public static EvalReport run(Dataset dataset, EvalOptions options, EvalProgress progress)
      throws IOException {
    return new EvaluationJob(dataset, options, progress).execute();
  }
}
