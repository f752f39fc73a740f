package dev.recall4j.engine;

/**
 * Bad content in an input file (JSONL records, a document): the one error type the file readers
 * throw for anything a file may hold. Its message starts with {@code file:line:column: } (line and
 * column when known, 1-based) and says what is wrong, so a command can print it as one line.
 * Nothing has been written when a reader throws it.
 */
public final class InputException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String file;
  private final long line;
  private final int column;

  /**
   * @param file the file as the user named it
   * @param line 1-based line, or 0 when the error is about the whole file
   * @param column 1-based column in characters, or 0 when unknown
   * @param detail what is wrong, starting with the key when one is to blame
   */
  public InputException(String file, long line, int column, String detail, Throwable cause) {
    super(location(file, line, column) + ": " + detail, cause);
    this.file = file;
    this.line = line;
    this.column = column;
  }

  public String file() {
    return file;
  }

  /** The 1-based line, or 0 when the error concerns the whole file. */
  public long line() {
    return line;
  }

  /** The 1-based column in characters, or 0 when unknown. */
  public int column() {
    return column;
  }

  private static String location(String file, long line, int column) {
    return file + (line > 0 ? ":" + line : "") + (line > 0 && column > 0 ? ":" + column : "");
  }
}
