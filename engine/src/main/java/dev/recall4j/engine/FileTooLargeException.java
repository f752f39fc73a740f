package dev.recall4j.engine;

/**
 * A file larger than a reader takes whole: {@code file too large: PATH (N MB, limit M MB)}. Thrown
 * before the file is read, so a large file costs no memory; a sync reports it and reads the others.
 */
public final class FileTooLargeException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private static final long MIB = 1L << 20;

  /**
   * @param size the file's size in bytes
   * @param limit the largest size read, in bytes
   */
  public FileTooLargeException(String file, long size, long limit) {
    super(
        "file too large: "
            + file
            + " ("
            + (size + MIB - 1) / MIB
            + " MB, limit "
            + limit / MIB
            + " MB)");
  }
}
