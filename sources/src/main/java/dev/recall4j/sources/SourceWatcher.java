package dev.recall4j.sources;

import dev.recall4j.core.Checks;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/*
 * Keeps the index in step with the files while it runs: every folder under the watched roots is
 * registered with the platform's WatchService (folders created later are registered as they
 * appear); any event marks the sources dirty, and once no event has come for the debounce time
 * the sync runs. A sync reads only what changed (unchanged files cost a stat), so re-running the
 * whole sync is cheaper and simpler than mapping events to files, and a burst of saves from an
 * editor (write temp, rename, touch) becomes one sync. A rename is a delete and a create: the old
 * path's records are marked deleted and the new path's added.
 */
/**
 * Watches source folders and runs a sync after each burst of changes, on one daemon thread, until
 * closed. With the default debounce of 300 ms a change is in the index well within 2 s.
 */
public final class SourceWatcher implements Closeable {
  public static final Duration DEFAULT_DEBOUNCE = Duration.ofMillis(300);
  private static final Logger LOG = LoggerFactory.getLogger(SourceWatcher.class);

  private final WatchService service;
  private final Callable<SyncReport> sync;
  private final Duration debounce;
  private final Consumer<SyncReport> onSync;
  private final Consumer<Exception> onError;
  private final Thread thread;

  /**
   * @param roots folders (or files: their folder is watched) to watch
   * @param sync the sync to run after changes
   * @param onSync told of each sync that wrote something
   * @param onError told of a sync that failed (a bad file): the watcher goes on, and the next
   *     change retries
   */
  public SourceWatcher(
      List<Path> roots,
      Callable<SyncReport> sync,
      Duration debounce,
      Consumer<SyncReport> onSync,
      Consumer<Exception> onError)
      throws IOException {
    this.service = FileSystems.getDefault().newWatchService();
    this.sync = Checks.notNull(sync, "sync");
    this.debounce = Checks.notNull(debounce, "debounce");
    this.onSync = Checks.notNull(onSync, "onSync");
    this.onError = Checks.notNull(onError, "onError");
    for (Path root : roots) {
      Path folder = Files.isDirectory(root) ? root : root.toAbsolutePath().getParent();
      if (folder != null && Files.isDirectory(folder)) {
        registerAll(folder);
      }
    }
    this.thread = Thread.ofPlatform().daemon().name("recall4j-watch").unstarted(this::loop);
    thread.start();
  }

  private void registerAll(Path folder) throws IOException {
    Files.walkFileTree(
        folder,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs)
              throws IOException {
            dir.register(
                service,
                StandardWatchEventKinds.ENTRY_CREATE,
                StandardWatchEventKinds.ENTRY_MODIFY,
                StandardWatchEventKinds.ENTRY_DELETE);
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
            return SourceFiles.continueIfGone(e);
          }
        });
  }

  private void loop() {
    try {
      while (true) {
        WatchKey key = service.take();
        boolean dirty = drain(key);
        // Debounce: wait until the events stop for a while.
        for (WatchKey next = service.poll(debounce.toMillis(), TimeUnit.MILLISECONDS);
            next != null;
            next = service.poll(debounce.toMillis(), TimeUnit.MILLISECONDS)) {
          dirty |= drain(next);
        }
        if (dirty) {
          runSync();
        }
      }
    } catch (ClosedWatchServiceException | InterruptedException e) {
      LOG.debug("watcher stopped");
    }
  }

  /** Handles one key's events, registering new folders; true when anything changed. */
  private boolean drain(WatchKey key) {
    Path dir = (Path) key.watchable();
    boolean any = false;
    for (WatchEvent<?> event : key.pollEvents()) {
      any = true;
      if (event.kind() == StandardWatchEventKinds.ENTRY_CREATE) {
        Path created = dir.resolve((Path) event.context());
        if (Files.isDirectory(created)) {
          try {
            registerAll(created);
          } catch (IOException e) {
            LOG.warn("cannot watch {}: {}", created, e.getMessage());
          }
        }
      }
    }
    key.reset();
    return any;
  }

  private void runSync() {
    try {
      SyncReport report = sync.call();
      if (!report.isUnchanged()) {
        onSync.accept(report);
      }
    } catch (Exception e) {
      onError.accept(e);
    }
  }

  /** Stops watching; a sync under way finishes first. */
  @Override
  public void close() throws IOException {
    service.close();
    try {
      thread.join(TimeUnit.SECONDS.toMillis(30));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
