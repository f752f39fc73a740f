package dev.recall4j.sources;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One sync of an index at a time, across threads and processes: a sync reads the sync state, writes
 * records and writes the state back, so two at once (a {@code sync} on the command line while
 * {@code serve} writes back an agent's note) would keep only one's view of the files. Held through
 * {@value #FILE_NAME} in the index directory (an OS lock, released when its process dies) and a
 * lock per index within the JVM, which an OS lock does not separate.
 */
final class SyncLock implements AutoCloseable {
  static final String FILE_NAME = "recall4j.sources.lock";

  private static final ConcurrentHashMap<Path, ReentrantLock> IN_JVM = new ConcurrentHashMap<>();

  private final ReentrantLock local;
  private final FileChannel channel;
  private final FileLock lock;

  private SyncLock(ReentrantLock local, FileChannel channel, FileLock lock) {
    this.local = local;
    this.channel = channel;
    this.lock = lock;
  }

  /** Waits until no other sync of the index runs, then holds it until {@link #close}. */
  static SyncLock acquire(Path indexDir) throws IOException {
    Path dir = indexDir.toAbsolutePath().normalize();
    ReentrantLock local = IN_JVM.computeIfAbsent(dir, d -> new ReentrantLock());
    local.lock();
    try {
      Files.createDirectories(dir);
      FileChannel channel =
          FileChannel.open(
              dir.resolve(FILE_NAME), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
      try {
        return new SyncLock(local, channel, channel.lock());
      } catch (IOException | RuntimeException e) {
        channel.close();
        throw e;
      }
    } catch (IOException | RuntimeException e) {
      local.unlock();
      throw e;
    }
  }

  @Override
  public void close() throws IOException {
    try (channel) {
      lock.release();
    } finally {
      local.unlock();
    }
  }
}
