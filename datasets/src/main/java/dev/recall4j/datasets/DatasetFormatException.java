package dev.recall4j.datasets;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A data file that cannot be read as its format demands: a malformed JSON line, a missing id, a
 * qrels or run line with the wrong columns, invalid UTF-8. Loading stops at the first such line;
 * the message reads {@code <file>:<line>: <what is wrong>}.
 */
public final class DatasetFormatException extends IOException {
  private static final long serialVersionUID = 1L;

  private final transient Path file;
  private final long line;

  /**
   * @param file the file being read
   * @param line the 1-based line number
   * @param message what is wrong with the line
   */
  public DatasetFormatException(Path file, long line, String message) {
    super(file + ":" + line + ": " + message);
    this.file = file;
    this.line = line;
  }

  /** The file being read. */
  public Path file() {
    return file;
  }

  /** The 1-based line number of the bad line. */
  public long line() {
    return line;
  }
}
