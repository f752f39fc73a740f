package dev.recall4j.ranking;

import dev.recall4j.core.ContentFacts;
import dev.recall4j.core.MemoryRecord;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The token sets of record contents, computed once per content and kept by content hash; a record
 * whose {@link ContentFacts} were stored when it was written has its terms read from them.
 *
 * <p>Tokenising is the largest cost of dedup that does not depend on the other candidates (about
 * 500 characters per candidate, 2 × 100 candidates per recall), and an agent recalls the same
 * records again and again. A content hash names its content (SHA-256), so a cached set is always
 * the one the content would give. Holds at most {@link #CAPACITY} sets and forgets all of them when
 * full, so memory stays bounded (about 0.5 KB per set) without bookkeeping on every hit.
 * Thread-safe.
 */
final class TokenSets {
  /** Sets held at most; a 2 × 100 recall needs about 200. */
  static final int CAPACITY = 8_192;

  private final ConcurrentHashMap<String, TokenSet> byContentHash = new ConcurrentHashMap<>();

  /** The token set of the record's content. */
  TokenSet of(MemoryRecord record) {
    TokenSet cached = byContentHash.get(record.contentHash());
    if (cached != null) {
      return cached;
    }
    ContentFacts facts = record.contentFacts();
    TokenSet computed =
        facts != null ? TokenSet.ofHashes(facts.termHashes()) : TokenSet.of(record.content());
    if (byContentHash.size() >= CAPACITY) {
      byContentHash.clear();
    }
    byContentHash.put(record.contentHash(), computed);
    return computed;
  }
}
