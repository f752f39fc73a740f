package dev.recall4j.core;

/**
 * Where a record's text came from: a file (RAG documents, file-backed memories), and optionally
 * which chunk of it and which line the chunk starts at.
 *
 * @param path the file path or URI as given, never blank
 * @param chunk zero-based chunk number, or -1 when the record is not a chunk
 * @param line one-based line number where the text starts, or 0 when unknown
 */
public record Origin(String path, int chunk, int line) {
  public Origin {
    path = Checks.wellFormed(Checks.notBlank(path, "origin.path"), "origin.path");
    Checks.require(chunk >= -1, "origin.chunk", "must be >= -1, got %d", chunk);
    Checks.require(line >= 0, "origin.line", "must be >= 0, got %d", line);
  }

  /** A whole file. */
  public static Origin file(String path) {
    return new Origin(path, -1, 0);
  }
}
