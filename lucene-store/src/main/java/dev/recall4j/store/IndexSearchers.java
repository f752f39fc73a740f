package dev.recall4j.store;

import dev.recall4j.core.store.IndexDamagedException;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexCommit;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherFactory;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.AlreadyClosedException;
import org.apache.lucene.store.Directory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The point-in-time views the reading and the writing part of a {@link LuceneStore} share: one
 * {@link SearcherManager} with the store's BM25 similarity, refreshed by every write of a writable
 * store and, for a read-only store, at most once a second when a search starts (another process
 * writes).
 *
 * <p>Damage is never served as an answer: a search that fails on the index's bytes (Lucene's
 * checksum or decoding errors, or an unexpected exception that a checksum check of the view then
 * explains) throws {@link IndexDamagedException} naming the file, and once a file's checksum is
 * known to fail every later search does too, until the index is repaired and reopened.
 */
final class IndexSearchers implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(LuceneStore.class);

  /** How often a read-only store looks for commits written since it opened, at most. */
  private static final Duration READ_ONLY_REFRESH = Duration.ofSeconds(1);

  private final Path index;
  private final SearcherFactory factory;
  private final boolean readOnly;

  /** True when a read-only store opened an earlier commit: the latest cannot be read. */
  private final boolean pinned;

  private volatile SearcherManager manager;
  private volatile long nextRefreshNanos;

  /** The damage found, one line; null while none was. */
  private volatile String damage;

  /**
   * The view whose files were last checked and found intact: a failure on it is a bug, not damage,
   * and is not checked again (the background check finds damage that comes later).
   */
  private volatile long checkedVersion = -1;

  /** A search run on one view. */
  interface Search<T> {
    T run(IndexSearcher searcher) throws IOException;
  }

  /**
   * @param writer the store's writer, or null for a read-only store over {@code directory}
   * @param commit for a read-only store, the commit to open (null: the latest)
   */
  IndexSearchers(
      Path index,
      Directory directory,
      IndexWriter writer,
      IndexCommit commit,
      double bm25K1,
      double bm25B)
      throws IOException {
    BM25Similarity similarity = new BM25Similarity((float) bm25K1, (float) bm25B);
    this.index = index;
    this.factory =
        new SearcherFactory() {
          @Override
          public IndexSearcher newSearcher(IndexReader reader, IndexReader previousReader) {
            IndexSearcher searcher = new IndexSearcher(reader);
            searcher.setSimilarity(similarity);
            return searcher;
          }
        };
    this.readOnly = writer == null;
    this.pinned = readOnly && commit != null;
    this.manager =
        writer != null
            ? new SearcherManager(writer, factory)
            : commit != null
                ? new SearcherManager(DirectoryReader.open(commit), factory)
                : new SearcherManager(directory, factory);
    this.nextRefreshNanos = System.nanoTime() + READ_ONLY_REFRESH.toNanos();
  }

  /**
   * Runs a search on the current view: its query is built for, and run on, one view.
   *
   * @throws IndexDamagedException when the view's files are damaged (found now or before)
   */
  <T> T with(Search<T> search) throws IOException {
    refuseIfDamaged();
    SearcherManager current = manager;
    IndexSearcher searcher = acquire(current);
    try {
      return search.run(searcher);
    } catch (IllegalArgumentException | AlreadyClosedException | IndexDamagedException e) {
      // Bad input, a closed store, or damage already named (one record's own checksum).
      throw e;
    } catch (IOException | RuntimeException | AssertionError e) {
      // AssertionError: Lucene's own assertions, when enabled, meet damaged graphs first.
      throw judged(searcher, e);
    } finally {
      current.release(searcher);
    }
  }

  /**
   * Checks every file of the current view against its checksum.
   *
   * @return the damage found (now or before), one line; null when none
   */
  String checkIntegrity() throws IOException {
    if (damage == null) {
      SearcherManager current = manager;
      IndexSearcher searcher = acquire(current);
      try {
        checkedVersion = -1; // bytes change on disk under an unchanged view: check them again
        verify(searcher);
      } finally {
        current.release(searcher);
      }
    }
    return damage;
  }

  /** The damage found so far, one line; null while none was. */
  String damage() {
    return damage;
  }

  /** Makes the latest commit visible now (a read-only store opened on an earlier one stays). */
  void refresh() throws IOException {
    if (!pinned) {
      manager.maybeRefreshBlocking();
    }
  }

  /** Serves views of a new writer, after the old one failed and was replaced. */
  void attach(IndexWriter writer) throws IOException {
    SearcherManager old = manager;
    manager = new SearcherManager(writer, factory);
    // Searches still on the old views release them to the old manager; closing it only drops
    // its reference to the current one.
    old.close();
  }

  private IndexSearcher acquire(SearcherManager current) throws IOException {
    if (readOnly && !pinned && System.nanoTime() - nextRefreshNanos >= 0) {
      nextRefreshNanos = System.nanoTime() + READ_ONLY_REFRESH.toNanos();
      current.maybeRefresh();
    }
    return current.acquire();
  }

  private void refuseIfDamaged() {
    String known = damage;
    if (known != null) {
      throw new IndexDamagedException(known);
    }
  }

  /**
   * What a failed search throws: damage when Lucene says so, or when the view's checksums explain
   * the failure; else the failure itself (a bug, to be reported as one).
   */
  private RuntimeException judged(IndexSearcher searcher, Throwable e) throws IOException {
    if (Causes.damage(e)) {
      return found(Causes.damaged(index, e));
    }
    IndexDamagedException explained = verify(searcher);
    if (explained != null) {
      explained.addSuppressed(e);
      return explained;
    }
    if (e instanceof IOException io) {
      throw io;
    }
    if (e instanceof AssertionError error) {
      throw error;
    }
    return (RuntimeException) e;
  }

  /** Checks the view's files once per view; records and returns the damage found. */
  private IndexDamagedException verify(IndexSearcher searcher) throws IOException {
    DirectoryReader reader = (DirectoryReader) searcher.getIndexReader();
    if (reader.getVersion() == checkedVersion) {
      return null;
    }
    try {
      Checksums.verify(reader);
    } catch (IOException | RuntimeException e) {
      if (Causes.damage(e)) {
        return found(Causes.damaged(index, e));
      }
      throw e;
    }
    checkedVersion = reader.getVersion();
    return null;
  }

  private IndexDamagedException found(IndexDamagedException e) {
    if (damage == null) {
      damage = e.getMessage();
      LOG.error("{}", damage);
    }
    return e;
  }

  @Override
  public void close() throws IOException {
    manager.close();
  }
}
