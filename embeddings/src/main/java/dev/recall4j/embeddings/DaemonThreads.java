package dev.recall4j.embeddings;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** Named daemon threads, so that an embedder nobody closed never keeps the JVM alive. */
final class DaemonThreads {
  private DaemonThreads() {}

  static ThreadFactory named(String prefix) {
    AtomicInteger count = new AtomicInteger();
    return task -> {
      Thread thread = new Thread(task, prefix + "-" + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }
}
