package dev.recall4j.cli;

import dev.recall4j.sources.SyncReport;
import java.io.PrintWriter;

/**
 * A sync's files and rows that could not be read, on stderr, one line each ({@code recall4j:
 * FILE[:LINE]: reason}), and the exit code that says so: {@value #EXIT} when some were left out
 * (everything else was synced; {@code status} lists them until they are fixed), 0 otherwise.
 */
final class PartialSync {
  /** The exit code of a sync or ingest that synced everything but some bad files or rows. */
  static final int EXIT = 4;

  private PartialSync() {}

  static int report(SyncReport report, PrintWriter err) {
    report.errors().forEach(e -> err.println("recall4j: " + e));
    err.flush();
    return report.isPartial() ? EXIT : 0;
  }
}
