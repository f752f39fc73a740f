package dev.recall4j.engine;

import dev.recall4j.core.Embedder;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.store.LuceneStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Re-embeds every record of an index with another embedding model ({@code bin/recall4j reindex}).
 *
 * <p>Lucene cannot change a vector field's dimension in place, so the records are copied, in id
 * order and in committed batches, into a sibling directory {@code <index>.reindex}, which then
 * replaces the index. An interrupted run leaves that directory behind; the next run continues after
 * the last id it holds instead of starting over. The old index is deleted only after the new one is
 * complete and in place. Every field but the vector and its model is copied unchanged.
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
    Path index = config.indexDir();
    Path staging = index.resolveSibling(index.getFileName() + ".reindex");
    if (!Files.isDirectory(index)) {
      throw new IllegalArgumentException("index: no index at " + index);
    }
    long total;
    long embedded = 0;
    boolean resumed = Files.isDirectory(staging);
    String fromModel;
    try (LuceneStore source = LuceneStore.open(config.store().options(index, null));
        LuceneStore target = LuceneStore.open(config.store().options(staging, embedder))) {
      fromModel = source.info().embeddingModel();
      total = source.info().records();
      String after = lastId(target);
      long done = target.info().records();
      if (resumed) {
        LOG.info(
            "resuming reindex of {} after id {} ({} records already done)", index, after, done);
      }
      for (List<MemoryRecord> page = source.page(after, BATCH);
          !page.isEmpty();
          page = source.page(after, BATCH)) {
        target.upsertAll(reembed(page, embedder, config.embedder().passageWords()));
        embedded += page.size();
        done += page.size();
        after = page.get(page.size() - 1).id();
        progress.update(done, total);
      }
    }
    swap(index, staging);
    return new Outcome(
        total, embedded, resumed, fromModel, embedder == null ? null : embedder.modelId());
  }

  private static List<MemoryRecord> reembed(
      List<MemoryRecord> page, Embedder embedder, int passageWords) {
    if (embedder == null) {
      return page.stream()
          .map(r -> r.toBuilder().vector(null).embeddingModel(null).build())
          .toList();
    }
    return RecordVectors.embed(embedder, page, passageWords);
  }

  /** The greatest id already copied into the staging index, or null when it is empty. */
  private static String lastId(LuceneStore target) throws IOException {
    String last = null;
    for (List<MemoryRecord> page = target.page(null, BATCH);
        !page.isEmpty();
        page = target.page(last, BATCH)) {
      last = page.get(page.size() - 1).id();
    }
    return last;
  }

  /** Puts the staging index in place of the old one; deletes the old one last. */
  private static void swap(Path index, Path staging) throws IOException {
    Path old = index.resolveSibling(index.getFileName() + ".old");
    deleteRecursively(old);
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
