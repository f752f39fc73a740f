package dev.recall4j.datasets.load;

import dev.recall4j.core.Checks;
import java.nio.file.Path;

/**
 * A line the loader skipped and went on: a judgment whose document or query is missing, or a judged
 * query with empty text.
 *
 * @param file the file holding the skipped line
 * @param line its 1-based line number
 * @param message what was skipped and why
 */
public record LoadWarning(Path file, long line, String message) {
  public LoadWarning {
    Checks.notNull(file, "file");
    Checks.require(line >= 1, "line", "must be >= 1, got %s", line);
    Checks.notBlank(message, "message");
  }

  /** {@code <file>:<line>: <message>}, the form compilers use, so editors can jump to it. */
  @Override
  public String toString() {
    return file + ":" + line + ": " + message;
  }
}
