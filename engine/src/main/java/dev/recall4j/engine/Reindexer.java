package dev.recall4j.engine;

import dev.recall4j.core.Embedder;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.store.RecordKey;
import dev.recall4j.store.LuceneStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Re-embeds every record of an index with another embedding model ({@code bin/recall4j reindex}).
 *
 * <p>Lucene cannot change a vector field's dimension in place, so the records are copied, in id
 * order and in committed batches, into a sibling directory {@code <index>.reindex}, which then
 * replaces the index. An interrupted run leaves that directory behind; the next run goes over the
 * index again but embeds only what the staging directory lacks: records saved, changed (a new text
 * is embedded again, a new status or tier is copied with the vector already computed) or purged
 * since the interruption are brought up to date, so no write made between the two runs is lost. The
 * old index is deleted only after the new one is complete and in place, and the statistics database
 * inside it moves to the new one. Every field but the vector and its model is copied unchanged.
 */
public final class Reindexer {
  private static final Logger LOG = LoggerFactory.getLogger(Reindexer.class);
  private static final int BATCH = 256;

  private Reindexer() {}

  /** What a reindex did. */
  public record Outcome(
      long records, long embeddedThisRun, boolean resumed, String fromModel, String toModel) {}

  /**
   * Re-embeds the configured index with {@code embedder} (null: drop the vectors, lexical only).
   *
   * @param progress told after every committed batch (records done, records in the index)
   */
  public static Outcome reindex(EngineConfig config, Embedder embedder, IngestProgress progress)
      throws IOException {
    return reindex(config, embedder, progress, Duration.ZERO);
  }

  /**
   * {@link #reindex(EngineConfig, Embedder, IngestProgress)}, waiting up to {@code lockWait} while
   * another writer holds the index.
   *
   * @throws dev.recall4j.store.IndexLockedException when it still holds it then, naming it
   */
  public static Outcome reindex(
      EngineConfig config, Embedder embedder, IngestProgress progress, Duration lockWait)
      throws IOException {
    Path index = config.indexDir();
    Path staging = index.resolveSibling(index.getFileName() + ".reindex");
    if (!Files.isDirectory(index)) {
      throw new IllegalArgumentException("index: no index at " + index);
    }
    long total;
    long embedded = 0;
    boolean resumed = Files.isDirectory(staging);
    String fromModel;
    int passageWords = config.embedder().passageWords();
    try (LuceneStore source = LuceneStore.open(IndexStores.options(config, index, null), lockWait);
        LuceneStore target = LuceneStore.open(IndexStores.options(config, staging, embedder))) {
      fromModel = source.info().embeddingModel();
      total = source.info().records();
      if (resumed) {
        LOG.info(
            "resuming reindex of {} ({} records already done)", index, target.info().records());
      }
      long done = 0;
      RecordKey after = null;
      for (List<MemoryRecord> page = source.page(null, BATCH);
          !page.isEmpty();
          page = source.page(after, BATCH)) {
        List<MemoryRecord> copies = new ArrayList<>(page.size());
        List<MemoryRecord> toEmbed = new ArrayList<>();
        for (MemoryRecord record : page) {
          Optional<MemoryRecord> copied =
              resumed ? target.get(RecordKey.of(record)) : Optional.empty();
          if (copied.isEmpty()
              || !Passages.of(record, passageWords)
                  .equals(Passages.of(copied.get(), passageWords))) {
            toEmbed.add(record);
          } else if (!withVectorsOf(record, copied.get()).equals(copied.get())) {
            copies.add(withVectorsOf(record, copied.get()));
          }
        }
        copies.addAll(reembed(toEmbed, embedder, passageWords));
        if (!copies.isEmpty()) {
          target.upsertAll(copies);
        }
        embedded += toEmbed.size();
        done += page.size();
        after = RecordKey.of(page.get(page.size() - 1));
        progress.update(done, total);
      }
      if (resumed) {
        dropPurged(source, target);
      }
    }
    swap(index, staging);
    return new Outcome(
        total, embedded, resumed, fromModel, embedder == null ? null : embedder.modelId());
  }

  private static List<MemoryRecord> reembed(
      List<MemoryRecord> page, Embedder embedder, int passageWords) {
    if (page.isEmpty()) {
      return List.of();
    }
    if (embedder == null) {
      return page.stream()
          .map(r -> r.toBuilder().vector(null).embeddingModel(null).build())
          .toList();
    }
    return RecordVectors.embed(embedder, page, passageWords);
  }

  /** The record as it is now, with the vectors an earlier run computed for the same text. */
  private static MemoryRecord withVectorsOf(MemoryRecord record, MemoryRecord copied) {
    return record.toBuilder()
        .vectors(copied.vectors())
        .embeddingModel(copied.embeddingModel())
        .build();
  }

  /** Purges from the staging index the records purged from the index since the interrupted run. */
  private static void dropPurged(LuceneStore source, LuceneStore target) throws IOException {
    RecordKey after = null;
    for (List<MemoryRecord> page = target.page(null, BATCH);
        !page.isEmpty();
        page = target.page(after, BATCH)) {
      for (MemoryRecord copied : page) {
        if (source.get(RecordKey.of(copied)).isEmpty()) {
          target.purge(RecordKey.of(copied));
        }
      }
      after = RecordKey.of(page.get(page.size() - 1));
    }
  }

  /**
   * Puts the staging index in place of the old one, with the statistics database the old one holds;
   * deletes the old one last.
   */
  private static void swap(Path index, Path staging) throws IOException {
    Path old = index.resolveSibling(index.getFileName() + ".old");
    deleteRecursively(old);
    StatsFiles.move(
        index.resolve(EngineConfig.STATS_FILE), staging.resolve(EngineConfig.STATS_FILE));
    Files.move(index, old, StandardCopyOption.ATOMIC_MOVE);
    Files.move(staging, index, StandardCopyOption.ATOMIC_MOVE);
    deleteRecursively(old);
  }

  private static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
