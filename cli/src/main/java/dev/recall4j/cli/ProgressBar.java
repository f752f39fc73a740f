package dev.recall4j.cli;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * A one-line progress display on stderr, redrawn at most every 200 ms so a fast loop does not spend
 * its time printing. Prints nothing for work that finishes before the first redraw. Without a
 * terminal (CI logs, pipes) it prints a plain line every 10 s instead of redrawing one.
 */
final class ProgressBar {
  private static final long REDRAW_NANOS = 200_000_000L;
  private static final long LOG_LINE_NANOS = 10_000_000_000L;
  private static final boolean TERMINAL = isTerminal();

  private final PrintWriter err;
  private final String label;
  private final long start = System.nanoTime();
  private long lastDraw = start;
  private boolean drawn;

  ProgressBar(PrintWriter err, String label) {
    this.err = err;
    this.label = label;
  }

  /** Reports {@code done} of {@code total} units. */
  synchronized void update(long done, long total) {
    long now = System.nanoTime();
    if (now - lastDraw < (TERMINAL ? REDRAW_NANOS : LOG_LINE_NANOS) && done < total) {
      return;
    }
    lastDraw = now;
    drawn = true;
    double seconds = (now - start) / 1e9;
    double rate = seconds > 0 ? done / seconds : 0;
    int width = 30;
    int filled = total == 0 ? width : (int) (width * done / total);
    err.printf(
        Locale.ROOT,
        (TERMINAL ? "\r" : "") + "%s [%s%s] %d/%d  %.0f/s  %.0f s" + (TERMINAL ? "" : "%n"),
        label,
        "#".repeat(filled),
        ".".repeat(width - filled),
        done,
        total,
        rate,
        seconds);
    err.flush();
  }

  /**
   * Whether stdout/stderr go to a terminal. From JDK 22 on, {@code System.console()} is non-null
   * even when redirected and {@code Console.isTerminal()} tells; it is called reflectively because
   * the project compiles for Java 21, where a non-null console already means a terminal.
   */
  private static boolean isTerminal() {
    java.io.Console console = System.console();
    if (console == null) {
      return false;
    }
    try {
      return (Boolean) java.io.Console.class.getMethod("isTerminal").invoke(console);
    } catch (ReflectiveOperationException e) {
      return true;
    }
  }

  /** Ends the line if anything was drawn. */
  synchronized void finish() {
    if (drawn && TERMINAL) {
      err.println();
    }
  }
}
