package dev.recall4j.sources;

import dev.recall4j.core.Checks;

/**
 * How a source's files are reached and read: whether symbolic links may lead out of the source's
 * root, and the largest file read whole (a note or a daily log; JSONL is streamed a line at a
 * time).
 *
 * @param followSymlinks whether links are followed wherever they point; when false (the default) a
 *     linked file is read only when it resolves inside the root, and linked folders are not entered
 * @param maxFileMb the largest Markdown or daily-log file read, in MiB (1 to 2047); a larger one is
 *     reported as {@code file too large: PATH (N MB, limit M)} and the other files are synced
 */
public record FileAccess(boolean followSymlinks, int maxFileMb) {
  /** The default limit: far above any note, far below what a small heap holds decoded. */
  public static final int DEFAULT_MAX_FILE_MB = 32;

  /** Links stay inside the root; files up to {@value #DEFAULT_MAX_FILE_MB} MiB. */
  public static final FileAccess DEFAULT = new FileAccess(false, DEFAULT_MAX_FILE_MB);

  public FileAccess {
    Checks.require(
        maxFileMb >= 1 && maxFileMb <= 2047,
        "max_file_mb",
        "must be between 1 and 2047, got %d",
        maxFileMb);
  }

  /** The limit in bytes. */
  long maxFileBytes() {
    return (long) maxFileMb << 20;
  }
}
