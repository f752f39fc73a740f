package dev.recall4j.engine;

import dev.recall4j.core.store.IndexSettings;
import dev.recall4j.core.store.RecordStore;
import java.io.IOException;
import java.time.Duration;

/**
 * How to open one configured store (see {@link StoreProvider}); an {@link EngineConfig} holds one
 * when {@code store.type} names a store other than the in-process index. Immutable.
 */
public interface StoreOpener {
  /** Where the store lives, as a user names it: for messages and {@code status}. */
  String location();

  /**
   * Opens the store for these index settings, holding vectors of this model and dimension (null and
   * 0: whatever the store records, or none).
   *
   * @param lockWait how long to wait for another writer where the store has one; null opens it
   *     read-only
   * @throws dev.recall4j.core.store.IndexModelMismatchException when it holds another model's
   *     vectors
   */
  RecordStore open(IndexSettings index, String model, int dimension, Duration lockWait)
      throws IOException;
}
