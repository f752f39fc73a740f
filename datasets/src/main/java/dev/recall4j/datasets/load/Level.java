package dev.recall4j.datasets.load;

import dev.recall4j.core.Wire;
import java.util.List;

/**
 * Granularity of a multi-level conversation dataset (LoCoMo): which corpus file is the haystack and
 * which qrels file judges it. BEIR-layout datasets have a single level and use none. {@link #MIXED}
 * is made of two levels, so that one haystack holds records of two kinds (the only way to tell
 * priority-tier policies apart: on one kind they rank alike).
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
  OBSERVATIONS("corpus_observations.jsonl", "_observations"),
  /**
   * Turns and observations in one haystack: both corpus files, judged by the union of both qrels
   * files. Each document keeps the level of the file it came from ({@link Document#level()}).
   */
  MIXED(null, null);

  private final String corpusFile;
  private final String qrelsSuffix;

  Level(String corpusFile, String qrelsSuffix) {
    this.corpusFile = corpusFile;
    this.qrelsSuffix = qrelsSuffix;
  }

  /** The single-file levels this one is made of, in load order: itself unless {@link #MIXED}. */
  public List<Level> parts() {
    return this == MIXED ? List.of(TURNS, OBSERVATIONS) : List.of(this);
  }

  /**
   * Name of the corpus file of this level (a {@code .gz} twin is accepted by the loader).
   *
   * @throws IllegalStateException for {@link #MIXED}, which has one per {@linkplain #parts() part}
   */
  public String corpusFile() {
    requireSingleFile();
    return corpusFile;
  }

  /**
   * Name of the qrels file of this level for a split, relative to the dataset directory.
   *
   * @throws IllegalStateException for {@link #MIXED}, which has one per {@linkplain #parts() part}
   */
  public String qrelsFile(String split) {
    requireSingleFile();
    return "qrels/" + split + qrelsSuffix + ".tsv";
  }

  private void requireSingleFile() {
    if (corpusFile == null) {
      throw new IllegalStateException(wireName() + " has the files of its parts " + parts());
    }
  }

  /** The wire name: {@code turns}, {@code sessions}, {@code observations} or {@code mixed}. */
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
