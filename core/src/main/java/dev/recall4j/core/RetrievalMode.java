package dev.recall4j.core;

/**
 * Which retrieval paths answered a recall, and why the vector path did not when it did not. {@link
 * #toString()} is the text reports, logs and JSON show, for example {@code hybrid} or {@code
 * lexical (embedder error: cannot connect to Ollama)}.
 *
 * @param kind what answered
 * @param detail the embedder's error message for {@link Kind#LEXICAL_EMBEDDER_ERROR}, else null
 */
public record RetrievalMode(Kind kind, String detail) {
  /** What answered a recall. */
  public enum Kind {
    /** Both paths: the lexical one and the vector one. */
    HYBRID,
    /** The lexical path alone: no embedder is configured. */
    LEXICAL_NO_EMBEDDER,
    /** The lexical path alone: the query vector was not ready within the deadline. */
    LEXICAL_EMBEDDER_TIMEOUT,
    /** The lexical path alone: the embedder failed (see the detail). */
    LEXICAL_EMBEDDER_ERROR,
    /** Neither path: the query was empty, so only pinned records were injected. */
    PINNED_ONLY
  }

  public static final RetrievalMode HYBRID = new RetrievalMode(Kind.HYBRID, null);
  public static final RetrievalMode LEXICAL_NO_EMBEDDER =
      new RetrievalMode(Kind.LEXICAL_NO_EMBEDDER, null);
  public static final RetrievalMode LEXICAL_EMBEDDER_TIMEOUT =
      new RetrievalMode(Kind.LEXICAL_EMBEDDER_TIMEOUT, null);
  public static final RetrievalMode PINNED_ONLY = new RetrievalMode(Kind.PINNED_ONLY, null);

  public RetrievalMode {
    Checks.notNull(kind, "kind");
    Checks.require(
        (detail != null) == (kind == Kind.LEXICAL_EMBEDDER_ERROR),
        "detail",
        "must be given for an embedder error and only then, got %s for %s",
        detail,
        kind);
  }

  /** The lexical path alone because the embedder failed with this message. */
  public static RetrievalMode embedderError(String message) {
    return new RetrievalMode(Kind.LEXICAL_EMBEDDER_ERROR, String.valueOf(message));
  }

  /**
   * The mode as text: {@code hybrid}, {@code lexical (no embedder)}, {@code lexical (embedder
   * timeout)}, ...
   */
  public String describe() {
    return switch (kind) {
      case HYBRID -> "hybrid";
      case LEXICAL_NO_EMBEDDER -> "lexical (no embedder)";
      case LEXICAL_EMBEDDER_TIMEOUT -> "lexical (embedder timeout)";
      case LEXICAL_EMBEDDER_ERROR -> "lexical (embedder error: " + detail + ")";
      case PINNED_ONLY -> "pinned only (empty query)";
    };
  }

  @Override
  public String toString() {
    return describe();
  }
}
