package dev.recall4j.core.store;

/**
 * Reading the index found damage (a checksum that fails, a structure that does not decode): no
 * answer is served from it. The message says what is damaged and to run {@code recall4j verify};
 * the CLI exits with 3 on it, a server answers HTTP 503 and reports {@code degraded} on {@code
 * /health}.
 */
public class IndexDamagedException extends StoreUnavailableException {
  private static final long serialVersionUID = 1L;

  public IndexDamagedException(String message) {
    super(message);
  }

  public IndexDamagedException(String message, Throwable cause) {
    super(message, cause);
  }

  /**
   * {@code index damaged: WHAT; run `recall4j verify --index LOCATION`}.
   *
   * @param location the index directory
   * @param what what was found, one line (a file name and Lucene's words)
   */
  public static IndexDamagedException in(String location, String what, Throwable cause) {
    return new IndexDamagedException(
        "index damaged: " + what + "; run `recall4j verify --index " + location + "`", cause);
  }
}
