package dev.recall4j.store;

import java.io.Closeable;
import java.io.IOException;
import java.time.Duration;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherFactory;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.Directory;

/**
 * The point-in-time views the reading and the writing part of a {@link LuceneStore} share: one
 * {@link SearcherManager} with the store's BM25 similarity, refreshed by every write of a writable
 * store and, for a read-only store, at most once a second when a search starts (another process
 * writes).
 */
final class IndexSearchers implements Closeable {
  /** How often a read-only store looks for commits written since it opened, at most. */
  private static final Duration READ_ONLY_REFRESH = Duration.ofSeconds(1);

  private final SearcherManager manager;
  private final boolean readOnly;
  private volatile long nextRefreshNanos;

  /** A search run on one view. */
  interface Search<T> {
    T run(IndexSearcher searcher) throws IOException;
  }

  /**
   * @param writer the store's writer, or null for a read-only store over {@code directory}
   */
  IndexSearchers(Directory directory, IndexWriter writer, double bm25K1, double bm25B)
      throws IOException {
    BM25Similarity similarity = new BM25Similarity((float) bm25K1, (float) bm25B);
    SearcherFactory factory =
        new SearcherFactory() {
          @Override
          public IndexSearcher newSearcher(IndexReader reader, IndexReader previousReader) {
            IndexSearcher searcher = new IndexSearcher(reader);
            searcher.setSimilarity(similarity);
            return searcher;
          }
        };
    this.manager =
        writer != null
            ? new SearcherManager(writer, factory)
            : new SearcherManager(directory, factory);
    this.readOnly = writer == null;
    this.nextRefreshNanos = System.nanoTime() + READ_ONLY_REFRESH.toNanos();
  }

  /** Runs a search on the current view: its query is built for, and run on, one view. */
  <T> T with(Search<T> search) throws IOException {
    IndexSearcher searcher = acquire();
    try {
      return search.run(searcher);
    } finally {
      manager.release(searcher);
    }
  }

  /** Makes the latest commit visible now. */
  void refresh() throws IOException {
    manager.maybeRefreshBlocking();
  }

  private IndexSearcher acquire() throws IOException {
    if (readOnly && System.nanoTime() - nextRefreshNanos >= 0) {
      nextRefreshNanos = System.nanoTime() + READ_ONLY_REFRESH.toNanos();
      manager.maybeRefresh();
    }
    return manager.acquire();
  }

  @Override
  public void close() throws IOException {
    manager.close();
  }
}
