package dev.recall4j.store;

import dev.recall4j.core.MemoryRecord;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;

/**
 * Records decoded recently, by segment and document, so that a record an agent recalls again and
 * again is checksummed, parsed and validated once rather than on every recall: at agent-sized
 * indexes, decoding some 100 candidates is a large share of a recall that is neither search.
 *
 * <p>Sound because a document's record blob never changes in its segment: a write adds a new
 * document and deletes the old one, and a segment's core, which the cache is keyed by, lives until
 * merged away (then its records are forgotten). What does change in place are the access counts
 * ({@code recallCount}, {@code lastAccessed}): a held record is used only when both still match the
 * document's, else it is decoded again. Facts added in place ({@link LuceneStore#putFacts}) make
 * the store forget every held record; another process's reader meets them when it decodes the
 * record again, and until then counts as it did before facts existed.
 *
 * <p>Holds records of at most {@link #MAX_BYTES} in all (by an estimate of their text and vectors:
 * about 3 KB for a 600-character record with a 384-dimension vector) and forgets all of them when
 * full, so memory stays bounded without bookkeeping on every hit, as dedup's token sets do.
 * Thread-safe.
 */
final class DecodedRecords {
  /**
   * The estimated bytes of the records held at most: a sixteenth of the heap, between 1 and 32 MB
   * (3 MB in the 48 MB heap README's "Memory" suggests for an agent, 32 MB from a 512 MB heap up,
   * some 10,000 records). A recall reads about 100 records.
   */
  static final long MAX_BYTES =
      Math.clamp(Runtime.getRuntime().maxMemory() / 16, 1L << 20, 32L << 20);

  // Object headers, the record's fields, its scope, times and lists: what every record holds.
  private static final int FIXED_BYTES = 512;

  private final Map<IndexReader.CacheKey, Map<Integer, MemoryRecord>> bySegment =
      new ConcurrentHashMap<>();
  private final Set<IndexReader.CacheKey> watched = ConcurrentHashMap.newKeySet();
  private final AtomicLong bytes = new AtomicLong();
  private final long maxBytes;

  /** Holds at most {@code maxBytes} of records, by {@link #estimatedBytes}. */
  DecodedRecords(long maxBytes) {
    this.maxBytes = maxBytes;
  }

  /**
   * The record held for this document when its access counts are still these, else null.
   *
   * @param segment the segment's core key (null: not cached)
   */
  MemoryRecord get(
      IndexReader.CacheKey segment, int leafDoc, long recallCount, Instant lastAccessed) {
    if (segment == null) {
      return null;
    }
    Map<Integer, MemoryRecord> records = bySegment.get(segment);
    MemoryRecord held = records == null ? null : records.get(leafDoc);
    return held != null
            && held.recallCount() == recallCount
            && Objects.equals(held.lastAccessed(), lastAccessed)
        ? held
        : null;
  }

  /** Holds the record decoded from this document of the segment. */
  void put(LeafReader reader, IndexReader.CacheKey segment, int leafDoc, MemoryRecord record) {
    if (segment == null) {
      return;
    }
    long estimate = estimatedBytes(record);
    if (bytes.addAndGet(estimate) > maxBytes) {
      clear();
      bytes.set(estimate);
    }
    if (watched.add(segment)) {
      // Forget a segment's records when it is merged away; once per segment, not per clear.
      reader
          .getCoreCacheHelper()
          .addClosedListener(
              closed -> {
                bySegment.remove(closed);
                watched.remove(closed);
              });
    }
    bySegment.computeIfAbsent(segment, key -> new ConcurrentHashMap<>()).put(leafDoc, record);
  }

  /** Forgets every held record. */
  void clear() {
    bySegment.clear();
    bytes.set(0);
  }

  /** About what a decoded record takes on the heap: its texts at two bytes a character, vectors. */
  static long estimatedBytes(MemoryRecord r) {
    long chars =
        r.content().length()
            + (r.title() == null ? 0 : r.title().length())
            + (r.summary() == null ? 0 : r.summary().length());
    return FIXED_BYTES + 2 * chars + (long) Float.BYTES * r.dimension() * r.vectorCount();
  }

  /** The key records of this segment are held under, or null when it cannot be cached. */
  static IndexReader.CacheKey segmentOf(LeafReader reader) {
    IndexReader.CacheHelper helper = reader.getCoreCacheHelper();
    return helper == null ? null : helper.getKey();
  }
}
