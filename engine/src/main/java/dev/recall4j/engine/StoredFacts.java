package dev.recall4j.engine;

import dev.recall4j.budget.Packer;
import dev.recall4j.core.ContentFacts;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.store.RecordKey;
import dev.recall4j.core.store.RecordStore;
import dev.recall4j.ranking.Ranker;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link ContentFacts} an engine stores with every record it writes: the configured packer's
 * piece counts and dedup's terms, so that recall does not tokenise a record the first time a
 * process meets it. Also fills them in for the records of an index written before facts were
 * stored, or with another counter or renderer ({@code compact}). Immutable.
 */
public final class StoredFacts implements ContentFacts.Deriver {
  private static final Logger LOG = LoggerFactory.getLogger(StoredFacts.class);
  private static final int PAGE = 1_000;

  /** Records looked at on open to tell whether an index has records without facts. */
  private static final int SAMPLE = 100;

  private final Packer packer;

  StoredFacts(Packer packer) {
    this.packer = packer;
  }

  /**
   * The facts an engine of this configuration stores: those of its packer (counter and renderer).
   * For a writer that fills an index outside an engine (a benchmark's fixtures) and wants the
   * records as the engine would write them.
   */
  public static StoredFacts of(EngineConfig config) {
    return new StoredFacts(config.budget().packer());
  }

  /** The counter and renderer the facts are made for ({@code cl100k/block}). */
  @Override
  public String layout() {
    return packer.layout();
  }

  @Override
  public ContentFacts of(String content) {
    return new ContentFacts(
        packer.layout(), packer.pieceTokens(content), Ranker.termHashes(content));
  }

  /**
   * Whether any of the first records of the store lacks facts of this layout; false for a store
   * that keeps none.
   */
  boolean someMissing(RecordStore store) throws IOException {
    return store.keepsFacts() && store.page(null, SAMPLE).stream().anyMatch(r -> !holdsFacts(r));
  }

  /**
   * Stores facts of this layout for every record of the store that lacks them, in place, one page
   * at a time; call under the engine's write lock.
   *
   * @return how many records got facts
   */
  long fill(RecordStore store) throws IOException {
    if (!store.keepsFacts()) {
      return 0;
    }
    long filled = 0;
    RecordKey after = null;
    while (true) {
      List<MemoryRecord> page = store.page(after, PAGE);
      if (page.isEmpty()) {
        if (filled > 0) {
          LOG.info("stored the token counts of {} records for {}", filled, layout());
        }
        return filled;
      }
      List<MemoryRecord> missing = new ArrayList<>();
      for (MemoryRecord record : page) {
        if (!holdsFacts(record)) {
          missing.add(withFacts(record));
        }
      }
      if (!missing.isEmpty()) {
        filled += store.putFacts(missing);
      }
      after = RecordKey.of(page.get(page.size() - 1));
    }
  }
}
