package dev.recall4j.core;

/**
 * A value refused because of one field (a record field, a setting, an argument): {@link #field()}
 * names it and {@link #problem()} says what is wrong, so a caller that reports the field under its
 * own name (a server argument, a configuration key) reads both instead of parsing the message. The
 * message is {@code field + ": " + problem}, the wording of every check in this project ({@link
 * Checks}).
 *
 * <p>An {@link IllegalArgumentException}, so callers that catch those keep working.
 */
public final class InvalidFieldException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String field;
  private final String problem;

  public InvalidFieldException(String field, String problem) {
    this(field, problem, null);
  }

  public InvalidFieldException(String field, String problem, Throwable cause) {
    super(field + ": " + problem, cause);
    this.field = field;
    this.problem = problem;
  }

  /** The field (setting, argument) at fault, as the check named it. */
  public String field() {
    return field;
  }

  /** What is wrong with its value: the message without the field. */
  public String problem() {
    return problem;
  }
}
