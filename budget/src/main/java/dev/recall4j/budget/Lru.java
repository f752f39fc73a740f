package dev.recall4j.budget;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A bounded map by text key that forgets its least recently used entry beyond {@code maxEntries}:
 * the packer's caches of counts ({@link TokenCountCache}) and of cut counts ({@link LineCuts}).
 * Thread-safe, one lock: a hit costs a map lookup under it.
 */
final class Lru<V> {
  private final Map<String, V> entries;

  Lru(int maxEntries) {
    this.entries =
        new LinkedHashMap<>(16, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<String, V> eldest) {
            return size() > maxEntries;
          }
        };
  }

  /** The value under the key, or null; counts as a use. */
  V get(String key) {
    synchronized (entries) {
      return entries.get(key);
    }
  }

  void put(String key, V value) {
    synchronized (entries) {
      entries.put(key, value);
    }
  }

  int size() {
    synchronized (entries) {
      return entries.size();
    }
  }
}
