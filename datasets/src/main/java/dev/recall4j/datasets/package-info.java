/**
 * Offline relevance evaluation: loaders for the BEIR layout and LoCoMo ({@link
 * dev.recall4j.datasets.Datasets}), TREC qrels and run files ({@link
 * dev.recall4j.datasets.TrecFormat}), trec_eval-style metrics ({@link
 * dev.recall4j.datasets.Metrics}) and the SQLite status-quo baseline ({@link
 * dev.recall4j.datasets.SqliteBaseline}).
 *
 * <p>Every value type here is immutable and safe to share between threads; {@link
 * dev.recall4j.datasets.SqliteBaseline} is the one stateful class and is not thread-safe.
 */
package dev.recall4j.datasets;
