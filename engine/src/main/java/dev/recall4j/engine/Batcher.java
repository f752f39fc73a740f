package dev.recall4j.engine;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/*
 * Hands items to a sink in batches on a background executor, one batch at a time. A batch is held
 * back until `hold` has passed since its first item, or `maxItems` have queued, or the batcher is
 * flushed: a commit per recall (an fsync and a reader refresh on the same 2 cores) was the largest
 * cause of the recall p99, and one commit per second costs a fraction of it whatever the rate.
 * When items arrive faster than the sink takes them, they accumulate into the next batch instead
 * of one task per item, so background work never piles up behind the write lock. The lock is a
 * ReentrantLock, not a monitor, because the drain waits on a virtual thread (a monitor wait would
 * pin its carrier on JDK 21).
 */
final class Batcher<T> {
  private static final Logger LOG = LoggerFactory.getLogger(Batcher.class);

  private final Executor executor;
  private final Consumer<List<T>> sink;
  private final String what;
  private final long holdNanos;
  private final int maxItems;
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition due = lock.newCondition();
  private final List<T> pending = new ArrayList<>();
  private boolean draining;
  private boolean flushing;

  /**
   * @param what what the sink does, for the warning logged when it fails ("record access")
   * @param hold how long the first item of a batch waits for more; zero sends every item at once
   * @param maxItems items that make a batch due before {@code hold} has passed, at least 1
   */
  Batcher(Executor executor, Consumer<List<T>> sink, String what, Duration hold, int maxItems) {
    this.executor = executor;
    this.sink = sink;
    this.what = what;
    this.holdNanos = hold.toNanos();
    this.maxItems = maxItems;
  }

  void submit(T item) {
    lock.lock();
    try {
      pending.add(item);
      if (pending.size() >= maxItems) {
        due.signal();
      }
      if (draining) {
        return;
      }
      draining = true;
    } finally {
      lock.unlock();
    }
    executor.execute(this::drain);
  }

  /**
   * Sends what is queued now instead of at the end of its hold, and every later item at once: the
   * engine calls it when closing, before it waits for the background work.
   */
  void flush() {
    lock.lock();
    try {
      flushing = true;
      due.signalAll();
    } finally {
      lock.unlock();
    }
  }

  private void drain() {
    while (true) {
      List<T> batch;
      lock.lock();
      try {
        if (pending.isEmpty()) {
          draining = false;
          return;
        }
        long left = holdNanos;
        while (left > 0 && !flushing && pending.size() < maxItems) {
          left = due.awaitNanos(left);
        }
        batch = new ArrayList<>(pending);
        pending.clear();
      } catch (InterruptedException e) {
        // The executor is being torn down: send what is queued now.
        Thread.currentThread().interrupt();
        batch = new ArrayList<>(pending);
        pending.clear();
      } finally {
        lock.unlock();
      }
      try {
        sink.accept(batch);
      } catch (RuntimeException e) {
        LOG.warn("could not {} for {} recalls: {}", what, batch.size(), e.toString());
      }
    }
  }
}
