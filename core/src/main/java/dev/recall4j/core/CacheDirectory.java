package dev.recall4j.core;

import java.nio.file.Path;

/**
 * Where recall4j keeps what it can rebuild: {@code ${XDG_CACHE_HOME:-~/.cache}/recall4j}, with one
 * folder per use (the in-process model's files, the evaluation's indexes, the benchmarks' corpora).
 */
public final class CacheDirectory {
  private CacheDirectory() {}

  /** {@code ${XDG_CACHE_HOME:-~/.cache}/recall4j}. */
  public static Path root() {
    String xdg = System.getenv("XDG_CACHE_HOME");
    Path base =
        xdg != null && !xdg.isBlank()
            ? Path.of(xdg)
            : Path.of(System.getProperty("user.home"), ".cache");
    return base.resolve("recall4j");
  }
}
