package dev.recall4j.engine;

import dev.recall4j.core.ConfigSection;
import java.nio.file.Path;
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
    return new DirectoryStoreOpener(dir, "test-directory:" + dir);
  }
}
