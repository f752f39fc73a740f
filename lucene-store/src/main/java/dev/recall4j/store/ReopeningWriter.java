package dev.recall4j.store;

import dev.recall4j.core.store.StoreUnavailableException;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Supplier;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.AlreadyClosedException;
import org.apache.lucene.store.Directory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The store's one {@link IndexWriter}, replaced when it fails. Lucene closes a writer for good
 * after a "tragic" failure (a full disk during a merge or a flush): a long-lived store (the server)
 * answered every later write with "this IndexWriter is closed" until restarted. Here a failed write
 * rolls the writer back (dropping what it left uncommitted, which its caller was told failed) and
 * opens a new one at once, or at the next write when it cannot yet; the store is degraded, with the
 * cause in one line, from the failure until a write commits again.
 *
 * <p>Every method but {@link #problem()} runs under the store's write lock.
 */
final class ReopeningWriter implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(LuceneStore.class);

  /** How often a health check tries a commit while degraded, at most. */
  private static final Duration PROBE_INTERVAL = Duration.ofSeconds(5);

  private final Directory directory;
  private final Path index;
  private final Supplier<IndexWriterConfig> configs;
  private final IndexSearchers searchers;

  /** Null after a failure until reopened; read by {@link #problem()} on any thread. */
  private volatile IndexWriter writer;

  /** Why writes fail, one line; null while they succeed. */
  private volatile String problem;

  private long nextProbeNanos = System.nanoTime();

  ReopeningWriter(
      Directory directory,
      Path index,
      IndexWriter writer,
      Supplier<IndexWriterConfig> configs,
      IndexSearchers searchers) {
    this.directory = directory;
    this.index = index;
    this.writer = writer;
    this.configs = configs;
    this.searchers = searchers;
  }

  /**
   * The writer, reopened first when the last one failed.
   *
   * @throws StoreUnavailableException when it cannot be reopened, naming why
   */
  IndexWriter get() {
    if (writer == null || !writer.isOpen()) {
      problem = problem();
      reopen();
    }
    return writer;
  }

  /**
   * After a write through {@code used} failed with {@code e}: when the writer failed (an I/O error,
   * a tragic close), rolls it back, reopens it when it can and throws the cause in one line; when
   * only the change did (bad input), drops what it left uncommitted and returns, for the caller to
   * rethrow {@code e}.
   *
   * @throws StoreUnavailableException when the writer failed: {@code no space left on device:
   *     INDEX}, damage, or the I/O error
   */
  void failed(IndexWriter used, Exception e) {
    Throwable tragic = used.getTragicException();
    boolean writerFailed =
        e instanceof IOException
            || e instanceof AlreadyClosedException
            || tragic != null
            || !used.isOpen();
    if (!writerFailed && !used.hasUncommittedChanges()) {
      return;
    }
    rollback(used);
    if (!writerFailed) {
      return;
    }
    StoreUnavailableException reported =
        Causes.writeFailure(index, tragic != null && !(e instanceof IOException) ? tragic : e);
    problem = reported.getMessage();
    LOG.warn("index {}: a write failed: {}", index, problem);
    try {
      reopen();
    } catch (StoreUnavailableException later) {
      // The next write tries again.
    }
    throw reported;
  }

  /** A write committed: writes succeed again. */
  void committed() {
    if (problem != null) {
      LOG.info("index {}: writes succeed again (after {})", index, problem);
      problem = null;
    }
  }

  /**
   * Why writes fail now, one line; null while they succeed. Any thread. A background merge that
   * failed closed the writer without a write noticing: its cause counts too.
   */
  String problem() {
    String known = problem;
    IndexWriter current = writer;
    if (known == null && current != null && current.getTragicException() != null) {
      return Causes.writeFailure(index, current.getTragicException()).getMessage();
    }
    return known;
  }

  /**
   * While degraded, at most every few seconds: tries an empty commit, so that a store nobody writes
   * to notices when space returns.
   */
  void probe() {
    if (problem() == null || System.nanoTime() - nextProbeNanos < 0) {
      return;
    }
    nextProbeNanos = System.nanoTime() + PROBE_INTERVAL.toNanos();
    try {
      IndexWriter current = get();
      try {
        // Setting the commit data counts as a change, so the commit writes a new segments_N.
        current.setLiveCommitData(current.getLiveCommitData());
        current.commit();
        committed();
      } catch (IOException | RuntimeException e) {
        failed(current, e);
      }
    } catch (StoreUnavailableException e) {
      // Still degraded: problem() says why.
    }
  }

  /**
   * Closes the writer. A writer that failed cannot commit; every write was committed before it
   * returned, so then it is rolled back instead, which loses nothing.
   */
  @Override
  public void close() throws IOException {
    if (writer == null) {
      return;
    }
    try {
      if (writer.getTragicException() == null) {
        writer.close();
        return;
      }
    } catch (IOException | RuntimeException e) {
      if (writer.getTragicException() == null) {
        throw e;
      }
    }
    LOG.warn(
        "index {}: closing without a final commit after {}",
        index,
        writer.getTragicException().toString());
    writer.rollback();
  }

  private void reopen() {
    if (writer != null) {
      rollback(writer);
    }
    try {
      writer = WriterLock.open(directory, index, configs, Duration.ZERO);
      searchers.attach(writer);
    } catch (IOException | RuntimeException e) {
      if (writer != null && writer.isOpen()) {
        rollback(writer);
      }
      writer = null;
      StoreUnavailableException reported = Causes.writeFailure(index, e);
      problem = reported.getMessage();
      throw reported;
    }
    LOG.warn("index {}: reopened its writer after: {}", index, problem);
  }

  private void rollback(IndexWriter failed) {
    try {
      failed.rollback();
    } catch (IOException | RuntimeException e) {
      LOG.debug("rolling back the failed writer of {}", index, e);
    }
    if (failed == writer) {
      writer = null;
    }
  }
}
