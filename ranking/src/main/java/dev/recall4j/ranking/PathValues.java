package dev.recall4j.ranking;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * An immutable map from path name to a value, for the few paths of a fusion: keys sorted, held in
 * two arrays. {@link FusedCandidate} keeps it as it is instead of copying it into a sorted map,
 * which took a quarter of fusion's time: two {@code TreeMap}s per candidate. Equal to any map with
 * the same entries, and iterated in key order like the {@code TreeMap} it replaces.
 */
final class PathValues<V> extends AbstractMap<String, V> {
  private final String[] keys;
  private final Object[] values;

  /**
   * @param keys sorted, distinct, not null; shared, never modified @param values same length, not
   *     null
   */
  PathValues(String[] keys, Object[] values) {
    assert keys.length == values.length;
    this.keys = keys;
    this.values = values;
  }

  /** Whether {@code other} has the same keys. */
  boolean sameKeys(PathValues<?> other) {
    return keys == other.keys || java.util.Arrays.equals(keys, other.keys);
  }

  @Override
  public int size() {
    return keys.length;
  }

  @Override
  public boolean containsKey(Object key) {
    return indexOf(key) >= 0;
  }

  @Override
  public V get(Object key) {
    return getOrDefault(key, null);
  }

  @Override
  @SuppressWarnings("unchecked")
  public V getOrDefault(Object key, V defaultValue) {
    int at = indexOf(key);
    return at < 0 ? defaultValue : (V) values[at];
  }

  private int indexOf(Object key) {
    for (int i = 0; i < keys.length; i++) {
      if (keys[i].equals(key)) {
        return i;
      }
    }
    return -1;
  }

  @Override
  public Set<Entry<String, V>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public int size() {
        return keys.length;
      }

      @Override
      public Iterator<Entry<String, V>> iterator() {
        return new Iterator<>() {
          private int next;

          @Override
          public boolean hasNext() {
            return next < keys.length;
          }

          @Override
          @SuppressWarnings("unchecked")
          public Entry<String, V> next() {
            if (next >= keys.length) {
              throw new NoSuchElementException();
            }
            Entry<String, V> e = new SimpleImmutableEntry<>(keys[next], (V) values[next]);
            next++;
            return e;
          }
        };
      }
    };
  }
}
