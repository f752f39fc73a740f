package dev.recall4j.engine;

import dev.recall4j.core.store.IndexSettings;
import dev.recall4j.core.store.RecordStore;
import dev.recall4j.store.LuceneStore;
import dev.recall4j.store.StoreOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

/** Opens the in-process index in {@code dir}, as {@link IndexStores} opens the default one. */
record DirectoryStoreOpener(Path dir, String location) implements StoreOpener {
  DirectoryStoreOpener(Path dir) {
    this(dir, dir.toString());
  }

  @Override
  public RecordStore open(IndexSettings index, String model, int dimension, Duration lockWait)
      throws IOException {
    StoreOptions options =
        StoreOptions.builder(dir).index(index).embedding(model, dimension).build();
    return lockWait == null
        ? LuceneStore.openReadOnly(options)
        : LuceneStore.open(options, lockWait);
  }
}
