package dev.recall4j.engine;

import dev.recall4j.core.ConfigSection;
import java.nio.file.Path;

/**
 * A kind of store other than the in-process index, chosen by {@code store.type} in {@code
 * recall4j.yaml} and found on the class path through {@link java.util.ServiceLoader} (a module
 * lists its provider in {@code META-INF/services/dev.recall4j.engine.StoreProvider}), so the engine
 * depends on no store module and a store module depends on the engine.
 */
public interface StoreProvider {
  /** The {@code store.type} served, such as {@code opensearch}. */
  String type();

  /**
   * Reads and checks the whole {@code store} section (its {@code type} included): every key known,
   * every value valid, secrets read from the environment. Opens nothing.
   *
   * @param workspace the workspace root, for relative paths
   * @throws IllegalArgumentException naming the key ({@code store.hosts: ...})
   */
  StoreOpener read(ConfigSection store, Path workspace);
}
