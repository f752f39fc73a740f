package dev.recall4j.datasets;

import dev.recall4j.core.Wire;

/**
 * Granularity of a multi-level conversation dataset (LoCoMo): which corpus file is the haystack and
 * which qrels file judges it. BEIR-layout datasets have a single level and use none.
 */
public enum Level {
  /** One document per dialog turn: {@code corpus.jsonl}, {@code qrels/<split>.tsv}. */
  TURNS("corpus.jsonl", ""),
  /**
   * One document per session: {@code corpus_sessions.jsonl}, {@code qrels/<split>_sessions.tsv}.
   */
  SESSIONS("corpus_sessions.jsonl", "_sessions"),
  /**
   * One document per LLM-made observation: {@code corpus_observations.jsonl}, {@code
   * qrels/<split>_observations.tsv}.
   */
  OBSERVATIONS("corpus_observations.jsonl", "_observations");

  private final String corpusFile;
  private final String qrelsSuffix;

  Level(String corpusFile, String qrelsSuffix) {
    this.corpusFile = corpusFile;
    this.qrelsSuffix = qrelsSuffix;
  }

  /** Name of the corpus file of this level (a {@code .gz} twin is accepted by the loader). */
  public String corpusFile() {
    return corpusFile;
  }

  /** Name of the qrels file of this level for a split, relative to the dataset directory. */
  public String qrelsFile(String split) {
    return "qrels/" + split + qrelsSuffix + ".tsv";
  }

  /** The wire name: {@code turns}, {@code sessions} or {@code observations}. */
  public String wireName() {
    return Wire.name(this);
  }

  /**
   * Parses a wire name case-insensitively, naming {@code field} and the accepted values on error.
   */
  public static Level parse(String field, String value) {
    return Wire.parse(Level.class, field, value);
  }
}
