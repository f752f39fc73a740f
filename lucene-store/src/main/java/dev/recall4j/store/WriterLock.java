package dev.recall4j.store;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.Lock;
import org.apache.lucene.store.LockObtainFailedException;
import org.apache.lucene.store.NoLockFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lucene's write lock of an index directory, waited for, with a note beside it that says who holds
 * it. Lucene's {@code write.lock} is an operating-system file lock: it is released when its process
 * dies, even by kill -9, so a lock never outlives its holder; the note may (it is not deleted then)
 * and is read only while the lock is held, by the process that finds it held.
 */
final class WriterLock {
  private static final Logger LOG = LoggerFactory.getLogger(WriterLock.class);

  /** The note beside Lucene's {@code write.lock}: pid, command and time of the writer. */
  static final String NOTE = "write.lock.info";

  private static final Duration POLL = Duration.ofMillis(100);
  private static final int MAX_COMMAND_CHARS = 200;
  private static final Set<String> CLASS_PATH_OPTIONS = Set.of("-cp", "-classpath", "--class-path");

  private WriterLock() {}

  /**
   * Opens a writer on the directory, waiting up to {@code wait} for another writer to close, and
   * leaves the note. {@code configs} gives a fresh configuration per attempt (Lucene refuses to
   * reuse one).
   *
   * @throws IndexLockedException when the lock is still held after the wait, naming the holder
   */
  static IndexWriter open(
      Directory directory, Path path, Supplier<IndexWriterConfig> configs, Duration wait)
      throws IOException {
    long deadline = System.nanoTime() + wait.toNanos();
    while (true) {
      try {
        IndexWriter writer = new IndexWriter(directory, configs.get());
        leaveNote(path);
        return writer;
      } catch (LockObtainFailedException e) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          throw new IndexLockedException(path, holder(path), wait, e);
        }
        sleep(Math.min(left, POLL.toNanos()));
      }
    }
  }

  /**
   * Takes Lucene's write lock without opening a writer, waiting up to {@code wait} for a writer to
   * close: for work that must exclude writers (a check, setting a damaged commit aside). A
   * directory where no lock can be created (a read-only mount) gets no lock, since nothing can
   * write it.
   *
   * @throws IndexLockedException when a writer still holds it after the wait, naming it
   */
  static Lock obtain(Directory directory, Path path, Duration wait) throws IOException {
    long deadline = System.nanoTime() + wait.toNanos();
    while (true) {
      try {
        return directory.obtainLock(IndexWriter.WRITE_LOCK_NAME);
      } catch (LockObtainFailedException e) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          throw new IndexLockedException(path, holder(path), wait, e);
        }
        sleep(Math.min(left, POLL.toNanos()));
      } catch (FileSystemException | UnsupportedOperationException e) {
        return NoLockFactory.INSTANCE.obtainLock(directory, IndexWriter.WRITE_LOCK_NAME);
      }
    }
  }

  /** Removes the note; the lock itself goes with the writer. */
  static void release(Path path) {
    try {
      Files.deleteIfExists(path.resolve(NOTE));
    } catch (IOException e) {
      LOG.debug("could not remove the lock note of {}", path, e);
    }
  }

  private static void leaveNote(Path path) {
    String note =
        "pid="
            + ProcessHandle.current().pid()
            + "\n"
            + "since="
            + Instant.now().truncatedTo(ChronoUnit.SECONDS)
            + "\n"
            + "command="
            + thisCommand().replace('\n', ' ')
            + "\n";
    try {
      Files.writeString(path.resolve(NOTE), note, StandardCharsets.UTF_8);
    } catch (IOException e) {
      // The note only improves another process's error message; the lock is what protects the
      // index.
      LOG.debug("could not write the lock note of {}", path, e);
    }
  }

  /** The holder as its note describes it, or as much as is known. */
  static String holder(Path path) {
    Properties note = new Properties();
    try {
      note.load(new StringReader(Files.readString(path.resolve(NOTE), StandardCharsets.UTF_8)));
    } catch (NoSuchFileException e) {
      return "another process (it left no note saying which)";
    } catch (IOException | IllegalArgumentException e) {
      return "another process (its note " + path.resolve(NOTE) + " is unreadable)";
    }
    String pid = note.getProperty("pid", "?");
    boolean thisProcess = pid.equals(Long.toString(ProcessHandle.current().pid()));
    return (thisProcess ? "this process (pid " + pid + ", another open store)" : "pid " + pid)
        + " ("
        + note.getProperty("command", "command unknown")
        + ")"
        + " since "
        + note.getProperty("since", "an unknown time");
  }

  /**
   * This process's command as a user would recognise it: {@code recall4j ingest --index x} for the
   * command line (the arguments after its main class), otherwise the program and its arguments
   * without class-path values, cut to {@value #MAX_COMMAND_CHARS} characters.
   */
  static String thisCommand() {
    ProcessHandle.Info info = ProcessHandle.current().info();
    List<String> args = info.arguments().map(List::of).orElse(List.of());
    for (int i = 0; i < args.size(); i++) {
      if (args.get(i).startsWith("dev.recall4j.") && args.get(i).endsWith(".Main")) {
        return cut("recall4j " + String.join(" ", args.subList(i + 1, args.size())));
      }
    }
    List<String> shown = new ArrayList<>();
    shown.add(info.command().map(c -> Path.of(c).getFileName().toString()).orElse("java"));
    for (int i = 0; i < args.size(); i++) {
      shown.add(args.get(i));
      if (CLASS_PATH_OPTIONS.contains(args.get(i)) && i + 1 < args.size()) {
        shown.add("…");
        i++;
      }
    }
    return cut(String.join(" ", shown));
  }

  private static String cut(String command) {
    return command.length() <= MAX_COMMAND_CHARS
        ? command
        : command.substring(0, MAX_COMMAND_CHARS - 1) + "…";
  }

  private static void sleep(long nanos) throws IOException {
    try {
      Thread.sleep(Duration.ofNanos(nanos));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while waiting for the index write lock", e);
    }
  }
}
