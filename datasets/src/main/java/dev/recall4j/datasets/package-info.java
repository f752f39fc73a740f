/**
 * Offline relevance evaluation: loaders for the BEIR layout and LoCoMo ({@link
 * dev.recall4j.datasets.Datasets}), TREC qrels and run files ({@link
 * dev.recall4j.datasets.TrecFormat}), trec_eval-style metrics ({@link
 * dev.recall4j.datasets.Metrics}), the SQLite status-quo baseline ({@link
 * dev.recall4j.datasets.SqliteBaseline}), the evaluation runner ({@link
 * dev.recall4j.datasets.Evaluator}, modes {@link dev.recall4j.datasets.EvalMode}, settings {@link
 * dev.recall4j.datasets.EvalOptions}) and the regression gates ({@link
 * dev.recall4j.datasets.Gates}, {@link dev.recall4j.datasets.GateConfig}). The {@code cli}
 * subpackage adds {@code eval} and {@code eval-gates} to {@code bin/recall4j}.
 *
 * <p>Every value type here is immutable and safe to share between threads; {@link
 * dev.recall4j.datasets.SqliteBaseline} is the one stateful class and is not thread-safe, and one
 * evaluation cache directory must not be written by two runs at once.
 */
package dev.recall4j.datasets;
