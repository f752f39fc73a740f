/**
 * Offline relevance evaluation, in packages by concept (each depends only on those listed before
 * it):
 *
 * <ul>
 *   <li>this package: line-by-line reading of data files ({@link dev.recall4j.datasets.DataFiles})
 *       and the error naming a bad file and line ({@link
 *       dev.recall4j.datasets.DatasetFormatException});
 *   <li>{@code trec}: relevance judgments and runs, and their TREC text files ({@link
 *       dev.recall4j.datasets.trec.Qrels}, {@link dev.recall4j.datasets.trec.Run}, {@link
 *       dev.recall4j.datasets.trec.TrecFormat});
 *   <li>{@code load}: the datasets themselves and their loader for the BEIR layout and LoCoMo
 *       ({@link dev.recall4j.datasets.load.Datasets});
 *   <li>{@code metrics}: trec_eval-style metrics ({@link dev.recall4j.datasets.metrics.Metrics});
 *   <li>{@code baseline}: the SQLite status-quo baseline ({@link
 *       dev.recall4j.datasets.baseline.SqliteBaseline});
 *   <li>{@code eval}: the evaluation runner ({@link dev.recall4j.datasets.eval.Evaluator}, modes
 *       {@link dev.recall4j.datasets.eval.EvalMode}, settings {@link
 *       dev.recall4j.datasets.eval.EvalOptions});
 *   <li>{@code gates}: the regression gates ({@link dev.recall4j.datasets.gates.Gates}, {@link
 *       dev.recall4j.datasets.gates.GateConfig}).
 * </ul>
 *
 * The {@code cli} subpackage adds {@code eval} and {@code eval-gates} to {@code bin/recall4j}.
 *
 * <p>Every value type here is immutable and safe to share between threads; {@link
 * dev.recall4j.datasets.baseline.SqliteBaseline} is the one stateful class and is not thread-safe,
 * and one evaluation cache directory must not be written by two runs at once.
 */
package dev.recall4j.datasets;
