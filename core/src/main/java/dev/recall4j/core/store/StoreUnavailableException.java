package dev.recall4j.core.store;

/**
 * The store cannot do what was asked now, for a reason outside the request: its disk is full, its
 * writer failed and could not be reopened yet, or (as {@link IndexDamagedException}) its files are
 * damaged. The message is one line naming the cause and the path, e.g. {@code no space left on
 * device: /data/index}; nothing was changed. A server answers it with HTTP 503.
 */
public class StoreUnavailableException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  public StoreUnavailableException(String message) {
    super(message);
  }

  public StoreUnavailableException(String message, Throwable cause) {
    super(message, cause);
  }
}
