package dev.recall4j.embeddings;

/**
 * An embedder could not produce vectors: the server is unreachable, too slow, does not know the
 * model, or answered with vectors that break the {@link dev.recall4j.core.Embedder} contract.
 *
 * <p>The message names the host and model where there is one, what went wrong and what to do about
 * it, so that it can be shown to a user as it is. Callers on the recall path catch it and answer
 * lexically; callers on the write path leave the record without a vector or fail the write.
 */
public class EmbeddingException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** Creates an exception with a message meant for the user. */
  public EmbeddingException(String message) {
    super(message);
  }

  /** Creates an exception with a message meant for the user and the underlying cause. */
  public EmbeddingException(String message, Throwable cause) {
    super(message, cause);
  }
}
