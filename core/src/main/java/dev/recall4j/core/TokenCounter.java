package dev.recall4j.core;

/**
 * Counts tokens the way the target model would, so the injected context fits its window.
 * Implementations must be thread-safe and deterministic.
 */
public interface TokenCounter {

  /** A short name for reports and configuration, e.g. {@code heuristic}, {@code cl100k}. */
  String name();

  /** The number of tokens of {@code text}; 0 for the empty string. */
  int count(String text);
}
