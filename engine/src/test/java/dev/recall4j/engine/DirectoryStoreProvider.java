package dev.recall4j.engine;

import dev.recall4j.core.ConfigSection;
import dev.recall4j.core.store.IndexSettings;
import dev.recall4j.core.store.RecordStore;
import dev.recall4j.store.LuceneStore;
import dev.recall4j.store.StoreOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;

/**
 * A real store of another type for the tests of the store seam: an in-process index at {@code
 * store.path} rather than at {@code index}, found through {@code META-INF/services} as a cluster
 * store would be. Also claims the top-level section {@code test_section}.
 */
public final class DirectoryStoreProvider implements StoreProvider, ConfigSectionOwner {
  @Override
  public String type() {
    return "test-directory";
  }

  @Override
  public Set<String> sections() {
    return Set.of("test_section");
  }

  @Override
  public StoreOpener read(ConfigSection store, Path workspace) {
    store.allow("type", "path");
    String path = store.text("path");
    if (path == null) {
      throw new IllegalArgumentException(store.key("path") + ": required");
    }
    Path dir = workspace.resolve(path).normalize();
    return new StoreOpener() {
      @Override
      public String location() {
        return "test-directory:" + dir;
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
    };
  }
}
