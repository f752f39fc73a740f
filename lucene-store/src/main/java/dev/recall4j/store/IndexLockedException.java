package dev.recall4j.store;

import java.nio.file.Path;
import java.time.Duration;
import org.apache.lucene.store.LockObtainFailedException;

/**
 * Another process (or another store in this one) holds the index open for writing, and it did not
 * let go within the wait. The message names the holder as its lock note describes it: its process
 * id, its command and since when.
 */
public final class IndexLockedException extends LockObtainFailedException {
  private static final long serialVersionUID = 1L;

  IndexLockedException(Path index, String holder, Duration waited, Throwable cause) {
    super(
        "index "
            + index
            + " is open for writing by "
            + holder
            + (waited.isZero() ? "" : "; waited " + seconds(waited))
            + ". Wait for it to finish (or wait longer with --wait), or stop it; reading commands work meanwhile",
        cause);
  }

  private static String seconds(Duration waited) {
    return waited.toMillis() % 1000 == 0 ? waited.toSeconds() + " s" : waited.toMillis() + " ms";
  }
}
