package dev.recall4j.engine;

import java.io.IOException;

/**
 * The kind of store a conformance suite runs on ({@link StoreSuite}): each {@link #newStore()} a
 * fresh, empty store, opened as the engine opens a configured one ({@link StoreOpener}). The
 * in-process index ({@link InProcessStores}) and a cluster store each give one, so that the same
 * suites check both.
 */
public interface StoreKit extends AutoCloseable {
  /**
   * A fresh, empty store: every open of the returned opener reaches the same records, as every open
   * of one configured store does.
   */
  StoreOpener newStore() throws IOException;

  /** Deletes every store this kit made. */
  @Override
  void close() throws IOException;
}
