package dev.recall4j.engine;

import dev.recall4j.core.Embedder;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.store.RecordKey;
import dev.recall4j.core.store.RecordStore;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Background embedding ({@code embedder.background: true}): a save returns as soon as the record is
 * lexically searchable, and this worker gives it its vector later.
 *
 * <p>The queue is the index itself: the records without a vector. So it survives a crash (the
 * engine starts the worker again on open), and a clean shutdown loses nothing: the worker stops
 * after its current batch and the rest waits, persisted, for the next open. A vector is written
 * only if the record is unchanged since it was read (same content hash, still no vector), under the
 * engine's write lock, so a concurrent supersede or forget is never overwritten.
 */
final class EmbeddingQueue {
  private static final Logger LOG = LoggerFactory.getLogger(EmbeddingQueue.class);

  private final Embedder embedder;
  private final RecordStore store;
  private final Consumer<Runnable> underWriteLock;
  private final Executor executor;
  private final int batchSize;
  private final int passageWords;
  private final AtomicBoolean running = new AtomicBoolean();
  private volatile boolean stopping;

  EmbeddingQueue(
      Embedder embedder,
      RecordStore store,
      Consumer<Runnable> underWriteLock,
      Executor executor,
      int batchSize,
      int passageWords) {
    this.embedder = Objects.requireNonNull(embedder);
    this.store = store;
    this.underWriteLock = underWriteLock;
    this.executor = executor;
    this.batchSize = batchSize;
    this.passageWords = passageWords;
  }

  /** Starts the worker unless it is running; it runs until no record lacks a vector. */
  void wake() {
    if (!stopping && running.compareAndSet(false, true)) {
      executor.execute(this::drain);
    }
  }

  /** Lets the worker finish its current batch and stop; what is left stays queued in the index. */
  void stop() {
    stopping = true;
  }

  private void drain() {
    try {
      while (!stopping && embedNextBatch()) {
        // keep going: each batch commits on its own
      }
    } catch (IOException | RuntimeException e) {
      LOG.warn(
          "background embedding stopped; the records without a vector stay queued until the next save or open: {}",
          e.toString());
    } finally {
      running.set(false);
    }
  }

  /** Embeds up to one batch; false when nothing was left to embed. */
  private boolean embedNextBatch() throws IOException {
    List<MemoryRecord> pending = new ArrayList<>();
    for (RecordKey key : store.keysWithoutVector(batchSize)) {
      store.get(key).ifPresent(pending::add);
    }
    if (pending.isEmpty()) {
      return false;
    }
    List<MemoryRecord> vectored = RecordVectors.embed(embedder, pending, passageWords);
    int[] written = {0};
    underWriteLock.accept(
        () -> {
          List<MemoryRecord> embedded = new ArrayList<>();
          for (int i = 0; i < pending.size(); i++) {
            MemoryRecord read = pending.get(i);
            Optional<MemoryRecord> now = get(RecordKey.of(read));
            if (now.isPresent()
                && now.get().vector() == null
                && now.get().contentHash().equals(read.contentHash())) {
              embedded.add(
                  now.get().toBuilder()
                      .vectors(vectored.get(i).vectors())
                      .embeddingModel(embedder.modelId())
                      .build());
            }
          }
          if (embedded.isEmpty()) {
            return;
          }
          try {
            store.upsertAll(embedded);
            written[0] = embedded.size();
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        });
    // Every record changed under us: stop rather than spin; the next save or open wakes us again.
    return written[0] > 0;
  }

  private Optional<MemoryRecord> get(RecordKey key) {
    try {
      return store.get(key);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
