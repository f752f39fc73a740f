package dev.recall4j.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/*
 * Hands items to a sink in batches on a background executor, one batch at a time. When items
 * arrive faster than the sink takes them (a burst of recalls), they accumulate into one larger
 * batch instead of one task and one commit per item, so background work never piles up behind
 * the write lock and never starves foreground writers. While the sink keeps up, every item is
 * its own batch and goes out at once.
 */
final class Batcher<T> {
  private static final Logger LOG = LoggerFactory.getLogger(Batcher.class);

  private final Executor executor;
  private final Consumer<List<T>> sink;
  private final String what;
  private final List<T> pending = new ArrayList<>();
  private boolean draining;

  /**
   * @param what what the sink does, for the warning logged when it fails ("record access")
   */
  Batcher(Executor executor, Consumer<List<T>> sink, String what) {
    this.executor = executor;
    this.sink = sink;
    this.what = what;
  }

  void submit(T item) {
    synchronized (this) {
      pending.add(item);
      if (draining) {
        return;
      }
      draining = true;
    }
    executor.execute(this::drain);
  }

  private void drain() {
    while (true) {
      List<T> batch;
      synchronized (this) {
        if (pending.isEmpty()) {
          draining = false;
          return;
        }
        batch = new ArrayList<>(pending);
        pending.clear();
      }
      try {
        sink.accept(batch);
      } catch (RuntimeException e) {
        LOG.warn("could not {} for {} recalls: {}", what, batch.size(), e.toString());
      }
    }
  }
}
