package dev.recall4j.store;

import java.nio.file.Path;
import org.apache.lucene.index.ConcurrentMergeScheduler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lucene's background merges, their failures logged as one line: Lucene's default rethrows them in
 * the merge thread, which printed its stack trace (58 lines) on stderr in the middle of an ingest.
 * The failure has closed the writer by then; the store's next write reopens it ({@link
 * ReopeningWriter}).
 */
final class LoggedMerges extends ConcurrentMergeScheduler {
  private static final Logger LOG = LoggerFactory.getLogger(LuceneStore.class);

  private final Path index;

  LoggedMerges(Path index) {
    this.index = index;
  }

  @Override
  protected void handleMergeException(Throwable exc) {
    LOG.warn(
        "index {}: a background merge failed: {}",
        index,
        Causes.writeFailure(index, exc).getMessage());
    LOG.debug("the merge's failure", exc);
  }
}
