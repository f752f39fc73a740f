package dev.recall4j.cli;

import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Quiet by default: a successful command writes its result on stdout and nothing on stderr. The
 * libraries' notices (Lucene's vectorization INFO through java.util.logging; DJL's CUDA probe and
 * the tokenizer's through SLF4J, see {@code simplelogger.properties}) appear with {@code
 * --verbose}, together with recall4j's own debug lines. Must run before the first logger exists.
 */
final class Logging {
  // java.util.logging holds loggers weakly: this keeps the configured level alive.
  private static final Logger LUCENE = Logger.getLogger("org.apache.lucene");

  /**
   * Lucene's choice of vector code, which it reports as a warning when the incubator module is left
   * out or C2 is off: a one-shot command does both on purpose (bin/recall4j).
   */
  private static final Logger LUCENE_VECTORIZATION =
      Logger.getLogger("org.apache.lucene.internal.vectorization");

  private Logging() {}

  static void configure(boolean verbose) {
    if (verbose) {
      System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "info");
      System.setProperty("org.slf4j.simpleLogger.log.dev.recall4j", "debug");
      System.setProperty("org.slf4j.simpleLogger.log.ai.djl", "info");
    } else {
      LUCENE.setLevel(Level.WARNING);
      LUCENE_VECTORIZATION.setLevel(Level.SEVERE);
    }
  }
}
