package dev.recall4j.engine;

import dev.recall4j.core.Checks;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.store.RecordKey;
import dev.recall4j.core.store.RecordStore;
import dev.recall4j.core.store.StoreInfo;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Copies every record of one configured store into another, empty one ({@code recall4j migrate}):
 * the in-process index to a cluster and back, or between any two stores. Records go as they are
 * stored, every field kept: vectors (no re-embedding: the target records the source's model),
 * access statistics, status, tier, supersede chains and links, every namespace. Then it checks that
 * nothing was lost: the counts of both stores, and a sample of records read back from the target
 * and compared field by field with the source's.
 */
public final class StoreCopy {
  private StoreCopy() {}

  /**
   * What a copy did and found.
   *
   * @param from where the records came from
   * @param to where they went
   * @param copied records written to the target
   * @param sourceRecords records the source holds
   * @param targetRecords records the target holds after the copy
   * @param sampled records read back from the target and compared
   * @param differing ids of sampled records that came back different or not at all
   */
  public record Outcome(
      String from,
      String to,
      long copied,
      long sourceRecords,
      long targetRecords,
      int sampled,
      List<String> differing) {
    public Outcome {
      differing = List.copyOf(differing);
    }

    /** Whether every record arrived: equal counts, and every sampled record equal. */
    public boolean complete() {
      return copied == sourceRecords && targetRecords == sourceRecords && differing.isEmpty();
    }
  }

  /** Told after each batch. */
  public interface Progress {
    void copied(long done, long total);
  }

  /**
   * Copies every record of the store {@code from} configures into the store {@code to} configures,
   * in batches of {@code batch} records, then compares the counts and about {@code sample} records
   * spread over the id order.
   *
   * @param lockWait how long to wait for another writer of the target
   * @throws IllegalStateException when the target already holds records (a copy merges nothing)
   */
  public static Outcome copy(
      EngineConfig from,
      EngineConfig to,
      int batch,
      int sample,
      Duration lockWait,
      Progress progress)
      throws IOException {
    Checks.notNull(from, "from");
    Checks.notNull(to, "to");
    Checks.require(batch >= 1, "batch", "must be >= 1, got %d", batch);
    Checks.require(sample >= 0, "sample", "must be >= 0, got %d", sample);
    Checks.notNull(lockWait, "lockWait");
    try (RecordStore source = IndexStores.open(from, null, 0, null)) {
      StoreInfo info = source.info();
      try (RecordStore target =
          IndexStores.open(to, info.embeddingModel(), info.dimension(), lockWait)) {
        long present = target.info().records();
        if (present > 0) {
          throw new IllegalStateException(
              "the target store "
                  + target.info().location()
                  + " already holds "
                  + present
                  + " records; migrate copies into an empty store only");
        }
        long step = Math.max(1, sample == 0 ? Long.MAX_VALUE : info.records() / sample);
        List<MemoryRecord> kept = new ArrayList<>();
        long copied = 0;
        RecordKey after = null;
        for (List<MemoryRecord> page = source.page(null, batch);
            !page.isEmpty();
            page = source.page(after, batch)) {
          target.upsertAll(page);
          for (MemoryRecord r : page) {
            if (copied++ % step == 0 && kept.size() < sample) {
              kept.add(r);
            }
          }
          after = RecordKey.of(page.get(page.size() - 1));
          progress.copied(copied, info.records());
        }
        target.compact();
        return new Outcome(
            info.location(),
            target.info().location(),
            copied,
            source.info().records(),
            target.info().records(),
            kept.size(),
            differing(kept, target));
      }
    }
  }

  /** The ids of these records that the target holds otherwise, or not at all. */
  private static List<String> differing(List<MemoryRecord> expected, RecordStore target)
      throws IOException {
    Map<RecordKey, MemoryRecord> stored =
        target.getAll(expected.stream().map(RecordKey::of).toList());
    return expected.stream()
        .filter(r -> !r.equals(stored.get(RecordKey.of(r))))
        .map(MemoryRecord::id)
        .toList();
  }
}
