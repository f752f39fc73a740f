package dev.recall4j.engine.cli;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * A one-line progress display on stderr, redrawn at most every 200 ms so a fast loop does not
 * spend its time printing. Prints nothing for work that finishes before the first redraw.
 */
public final class ProgressBar {
  private static final long REDRAW_NANOS = 200_000_000L;

  private final PrintWriter err;
  private final String label;
  private final long start = System.nanoTime();
  private long lastDraw = start;
  private boolean drawn;

  public ProgressBar(PrintWriter err, String label) {
    this.err = err;
    this.label = label;
  }

  /** Reports {@code done} of {@code total} units. */
  public synchronized void update(long done, long total) {
    long now = System.nanoTime();
    if (now - lastDraw < REDRAW_NANOS && done < total) {
      return;
    }
    lastDraw = now;
    drawn = true;
    double seconds = (now - start) / 1e9;
    double rate = seconds > 0 ? done / seconds : 0;
    int width = 30;
    int filled = total == 0 ? width : (int) (width * done / total);
    err.printf(Locale.ROOT, "\r%s [%s%s] %d/%d  %.0f/s  %.0f s", label, "#".repeat(filled), ".".repeat(width - filled),
        done, total, rate, seconds);
    err.flush();
  }

  /** Ends the line if anything was drawn. */
  public synchronized void finish() {
    if (drawn) {
      err.println();
    }
  }
}
