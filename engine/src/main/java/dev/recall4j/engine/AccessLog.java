package dev.recall4j.engine;

import static dev.recall4j.engine.UncheckedIo.io;

import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.RecallResult;
import dev.recall4j.core.store.RecordKey;
import dev.recall4j.core.store.RecordStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Executor;

/**
 * What a recall leaves behind, off its critical path: the injected records' access statistics
 * ({@code recallCount} and {@code lastAccessed}, which feed decay) and the recall-log entry, each
 * handed to a background {@link Batcher} that commits at most once per {@link #HOLD} or per {@link
 * #MAX_BATCH} recalls. Durability: a crash loses at most the statistics and log rows of the last
 * {@link #HOLD} of recalls; {@link #flush} (on close) writes everything queued.
 */
final class AccessLog {
  /** How long a recall's statistics wait for others to share their commit. */
  static final Duration HOLD = Duration.ofSeconds(1);

  /** Recalls whose statistics are committed together without waiting for the rest of the hold. */
  static final int MAX_BATCH = 1_000;

  private final RecordStore store;
  private final WriteLock lock;
  private final Clock clock;
  private final Batcher<Access> accesses;

  /** Null when statistics are off or {@code stats.log_max_rows} is 0. */
  private final Batcher<RecallLogEntry> recallLog;

  /** The records one recall injected, and when. */
  private record Access(List<RecordKey> keys, Instant when) {}

  /**
   * @param statsStore where recalls are logged; null keeps no log
   */
  AccessLog(
      RecordStore store,
      WriteLock lock,
      Clock clock,
      Executor background,
      StatsStore statsStore,
      int logMaxRows) {
    this.store = store;
    this.lock = lock;
    this.clock = clock;
    this.accesses =
        new Batcher<>(background, this::applyAccesses, "record access", HOLD, MAX_BATCH);
    this.recallLog =
        statsStore != null && logMaxRows > 0
            ? new Batcher<>(background, statsStore::logRecalls, "log recalls", HOLD, MAX_BATCH)
            : null;
  }

  /** Writes what is queued now, and every later recall's statistics at once (the engine closes). */
  void flush() {
    accesses.flush();
    if (recallLog != null) {
      recallLog.flush();
    }
  }

  /** Queues the statistics and the log entry of a recall that just returned. */
  void afterRecall(RecallRequest request, RecallResult result) {
    Instant when = clock.instant();
    if (!result.items().isEmpty()) {
      accesses.submit(
          new Access(result.items().stream().map(i -> RecordKey.of(i.record())).toList(), when));
    }
    if (recallLog != null) {
      recallLog.submit(RecallLogEntry.of(request.scope(), request.query(), result, when));
    }
  }

  /**
   * Applies queued accesses: each record's {@code recallCount} goes up by the number of recalls
   * that injected it, and its {@code lastAccessed} becomes the latest recall time of the batch
   * (exact when recalls are spaced; within the batch's span during a burst, far below any decay
   * half-life). Usually every record occurs once and the store updates doc values in place, as
   * designed. When a burst queued several recalls of one record (a pinned profile is in every
   * recall), the store's +1-per-call update would cost one commit per recall; re-indexing those
   * records with their summed counts costs one commit for the batch instead. Under the write lock,
   * so a concurrent state change cannot lose an increment.
   */
  private void applyAccesses(List<Access> batch) {
    Map<RecordKey, Long> counts = new TreeMap<>();
    Instant latest = Instant.MIN;
    for (Access access : batch) {
      new TreeSet<>(access.keys()).forEach(key -> counts.merge(key, 1L, Long::sum));
      latest = access.when().isAfter(latest) ? access.when() : latest;
    }
    Instant when = latest;
    // In place, one commit, whatever the counts: re-indexing the records a batch injected more than
    // once added segments and HNSW builds that cost as much CPU as the recalls themselves.
    lock.run(() -> io(() -> store.recordAccess(counts, when)));
  }
}
