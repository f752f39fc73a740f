package dev.recall4j.engine;

import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * Serialises every state change of an engine, so read-check-write sequences (dedup, supersede) are
 * atomic. Fair, so a caller's write never waits behind a stream of background access updates.
 */
final class WriteLock {
  private final ReentrantLock lock = new ReentrantLock(true);

  <T> T locked(Supplier<T> change) {
    lock.lock();
    try {
      return change.get();
    } finally {
      lock.unlock();
    }
  }

  void run(Runnable change) {
    locked(
        () -> {
          change.run();
          return null;
        });
  }
}
