package dev.recall4j.cli;

import dev.recall4j.engine.IndexWrites;
import java.io.PrintWriter;
import java.io.UncheckedIOException;

/**
 * Maintenance a writing command does after its work is committed. Its failure (a full disk during
 * the merge) loses nothing, so it is a warning on stderr and the command still exits 0: exit 0
 * means the work is durable, and it is.
 */
final class Housekeeping {
  private Housekeeping() {}

  /** Merges the index into one segment; on failure warns and carries on. */
  static void compact(IndexWrites writes, PrintWriter err) {
    try {
      writes.compact();
    } catch (UncheckedIOException | IllegalStateException e) {
      err.println(
          "recall4j: warning: the records are saved, but merging the index afterwards failed ("
              + Main.message(e)
              + "); recall works, a little slower until the next ingest or import merges it");
      err.flush();
    }
  }
}
