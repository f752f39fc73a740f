package dev.recall4j.budget;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * A bounded map by text key that forgets its least recently used entries once their weight passes a
 * maximum: the packer's caches of counts ({@link TokenCountCache}) and of cut counts ({@link
 * LineCuts}), which weigh an entry 1, and of block lines' counts ({@link BlockCount}), which weighs
 * one by its key's length. Thread-safe, one lock: a hit costs a map lookup under it.
 */
final class Lru<V> {
  private final Map<String, V> entries = new LinkedHashMap<>(16, 0.75f, true);
  private final long maxWeight;
  private final ToLongFunction<String> weight;
  private long held;

  /** At most {@code maxEntries} entries. */
  Lru(int maxEntries) {
    this(maxEntries, key -> 1);
  }

  /** Entries of at most {@code maxWeight} in all, each weighing {@code weight} of its key. */
  Lru(long maxWeight, ToLongFunction<String> weight) {
    this.maxWeight = maxWeight;
    this.weight = weight;
  }

  /** The value under the key, or null; counts as a use. */
  V get(String key) {
    synchronized (entries) {
      return entries.get(key);
    }
  }

  void put(String key, V value) {
    synchronized (entries) {
      if (entries.put(key, value) == null) {
        held += weight.applyAsLong(key);
      }
      Iterator<String> eldest = entries.keySet().iterator();
      while (held > maxWeight) {
        held -= weight.applyAsLong(eldest.next());
        eldest.remove();
      }
    }
  }

  int size() {
    synchronized (entries) {
      return entries.size();
    }
  }

  /** The weight of the entries held. */
  long weight() {
    synchronized (entries) {
      return held;
    }
  }
}
