package dev.recall4j.budget;

import dev.recall4j.core.Checks;
import dev.recall4j.core.TokenCounter;
import java.util.function.Supplier;

/**
 * Remembers token counts of stored text so that a record's cost is computed once, not at every
 * recall. Entries are keyed by the counter's {@linkplain TokenCounter#name() name} and a caller key
 * that identifies the text, typically a record's {@code contentHash}; the least recently used entry
 * is evicted beyond {@code maxEntries}.
 *
 * <p>Thread-safe. A count is never wrong for its key as long as the key identifies the text: two
 * texts under the same key share the first one's count.
 */
public final class TokenCountCache {
  private final int maxEntries;
  private final Lru<Integer> counts;

  /**
   * @param maxEntries the most counts kept, >= 1 (an entry costs about 150 bytes)
   */
  public TokenCountCache(int maxEntries) {
    Checks.require(maxEntries >= 1, "maxEntries", "must be >= 1, got %d", maxEntries);
    this.maxEntries = maxEntries;
    this.counts = new Lru<>(maxEntries);
  }

  /**
   * The token count of the text under {@code counter}, computed on the first call for this counter
   * name and key and remembered afterwards. The text is only asked for when the count is not known,
   * so that a hit costs no rendering.
   */
  public int count(TokenCounter counter, String key, Supplier<String> text) {
    String fullKey = counter.name() + '\u0000' + key;
    Integer known = counts.get(fullKey);
    if (known != null) {
      return known;
    }
    // Counted outside the lock: two threads may both count a new key, which is cheaper than
    // serialising every count behind one lock.
    int n = counter.count(text.get());
    counts.put(fullKey, n);
    return n;
  }

  /** The count remembered for this counter and key, or null; does not count anything. */
  Integer peek(TokenCounter counter, String key) {
    return counts.get(counter.name() + '\u0000' + key);
  }

  /**
   * Remembers a number under this counter and key without counting (for facts other than a count).
   */
  void remember(TokenCounter counter, String key, int value) {
    counts.put(counter.name() + '\u0000' + key, value);
  }

  /** The number of counts held. */
  public int size() {
    return counts.size();
  }

  /** The capacity given at construction. */
  public int maxEntries() {
    return maxEntries;
  }
}
