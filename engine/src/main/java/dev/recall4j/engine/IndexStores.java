package dev.recall4j.engine;

import dev.recall4j.core.Embedder;
import dev.recall4j.core.store.RecordStore;
import dev.recall4j.store.LuceneStore;
import dev.recall4j.store.StoreOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Opens the store a configuration names: the in-process Lucene index in {@link
 * EngineConfig#indexDir()} by default, else the one its {@code store} section names ({@link
 * StoreOpener}), with the configuration's {@code index_settings}. The one place the engine names
 * {@code lucene-store} for its records; every other part reaches them through {@link RecordStore}.
 */
final class IndexStores {
  private IndexStores() {}

  /**
   * Opens the configured store holding the vectors of {@code embedder} (null: whatever model the
   * store records, or none).
   *
   * @param lockWait how long to wait for another writer; null opens it read-only
   */
  static RecordStore open(EngineConfig config, Embedder embedder, Duration lockWait)
      throws IOException {
    return embedder == null
        ? open(config, null, 0, lockWait)
        : open(config, embedder.modelId(), embedder.dimension(), lockWait);
  }

  /**
   * Opens the configured store holding vectors of this model and dimension (null and 0: whatever
   * the store records, or none).
   *
   * @param lockWait how long to wait for another writer; null opens it read-only
   */
  static RecordStore open(EngineConfig config, String model, int dimension, Duration lockWait)
      throws IOException {
    if (config.store() != null) {
      return config.store().open(config.indexSettings(), model, dimension, lockWait);
    }
    StoreOptions options = options(config, config.indexDir(), model, dimension);
    return lockWait == null
        ? LuceneStore.openReadOnly(options)
        : LuceneStore.open(options, lockWait);
  }

  /** Options for an index in {@code dir} holding the vectors of {@code embedder} (null: any). */
  static StoreOptions options(EngineConfig config, Path dir, Embedder embedder) {
    return embedder == null
        ? options(config, dir, null, 0)
        : options(config, dir, embedder.modelId(), embedder.dimension());
  }

  /**
   * Options for an index in {@code dir} holding vectors of this model and dimension (null and 0:
   * whatever the index records, or none).
   */
  static StoreOptions options(EngineConfig config, Path dir, String model, int dimension) {
    return StoreOptions.builder(dir)
        .index(config.indexSettings())
        .embedding(model, dimension)
        .contentFacts(StoredFacts.of(config))
        .build();
  }
}
