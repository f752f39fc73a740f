package dev.recall4j.store;

import dev.recall4j.core.Checks;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.store.DamagedRecordException;
import dev.recall4j.core.store.IntegrityReport;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.lucene.index.CheckIndex;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.Lock;
import org.apache.lucene.store.LockObtainFailedException;
import org.apache.lucene.store.NoLockFactory;
import org.apache.lucene.util.Bits;

/**
 * Finds damage in an index: Lucene's {@link CheckIndex} over every file of the latest commit
 * (checksums and the integrity of each structure), then every live record decoded. What a search
 * would serve as garbage is found here, by file and by record id.
 *
 * <p>The check takes the index's write lock, so that no merge removes files while it reads them: it
 * waits for a writer like any other writer would. A directory where no lock can be created (a
 * read-only mount) is checked without one, since nothing can write it either.
 */
public final class StoreCheck {
  /** Lucene file names as they appear in CheckIndex's messages. */
  private static final Pattern INDEX_FILE =
      Pattern.compile("(_[a-z0-9]+(?:_[a-zA-Z0-9]+)*\\.[a-z]+|segments_[a-z0-9]+)");

  private StoreCheck() {}

  /**
   * Checks the index in {@code index}, waiting up to {@code lockWait} for a writer to close it.
   *
   * @throws IllegalStateException when the directory holds no recall4j index
   * @throws IndexLockedException when a writer still holds the index after the wait
   */
  public static IntegrityReport verify(Path index, Duration lockWait) throws IOException {
    Checks.notNull(index, "index");
    Checks.notNull(lockWait, "lockWait");
    try (Directory directory = existingIndex(index);
        Lock lock = lock(directory, index, lockWait)) {
      List<String> problems = new ArrayList<>();
      Set<String> damagedFiles = new TreeSet<>();
      try (CheckIndex checker = new CheckIndex(directory, lock)) {
        checker.setLevel(CheckIndex.Level.MIN_LEVEL_FOR_INTEGRITY_CHECKS);
        CheckIndex.Status status = checker.checkIndex();
        for (CheckIndex.Status.SegmentInfoStatus segment : status.segmentInfos) {
          if (segment.error != null) {
            String message = messages(segment.error);
            problems.add("segment " + segment.name + ": " + message);
            List<String> named = fileNames(message);
            damagedFiles.addAll(named.isEmpty() ? List.of(segment.name + ".*") : named);
          }
        }
        if (status.missingSegments) {
          problems.add("the latest commit (" + status.segmentsFileName + ") cannot be read");
          damagedFiles.add(
              status.segmentsFileName == null ? "segments_*" : status.segmentsFileName);
        }
      } catch (IOException | RuntimeException e) {
        problems.add("Lucene's check could not run: " + messages(e));
        damagedFiles.addAll(fileNames(messages(e)));
      }
      List<IntegrityReport.DamagedRecord> damagedRecords = new ArrayList<>();
      long checked = readRecords(directory, index, record -> {}, damagedRecords::add, problems);
      return new IntegrityReport(
          index.toString(), checked, new ArrayList<>(damagedFiles), damagedRecords, problems);
    }
  }

  /**
   * Reads every live record that still decodes into {@code sink}, segment by segment, and returns
   * what could not be read: the base of {@code recall4j repair}, which writes them to a new index.
   * A segment that cannot be opened at all is reported as one problem (its records are lost).
   *
   * @return the damaged records; segments that could not be opened are added to {@code problems}
   */
  public static List<IntegrityReport.DamagedRecord> salvage(
      Path index, Consumer<MemoryRecord> sink, List<String> problems) throws IOException {
    Checks.notNull(sink, "sink");
    Checks.notNull(problems, "problems");
    try (Directory directory = existingIndex(index)) {
      List<IntegrityReport.DamagedRecord> damaged = new ArrayList<>();
      readRecords(directory, index, sink, damaged::add, problems);
      return damaged;
    }
  }

  private static long readRecords(
      Directory directory,
      Path index,
      Consumer<MemoryRecord> sink,
      Consumer<IntegrityReport.DamagedRecord> damaged,
      List<String> problems) {
    RecordReader reader = new RecordReader(index);
    long checked = 0;
    try (DirectoryReader all = DirectoryReader.open(directory)) {
      for (LeafReaderContext leaf : all.leaves()) {
        try {
          checked += readSegment(reader, leaf, sink, damaged);
        } catch (IOException | RuntimeException e) {
          problems.add("segment " + leaf.reader() + " could not be read: " + messages(e));
        }
      }
    } catch (IOException | RuntimeException e) {
      problems.add("the index could not be opened to read its records: " + messages(e));
    }
    return checked;
  }

  private static long readSegment(
      RecordReader reader,
      LeafReaderContext leaf,
      Consumer<MemoryRecord> sink,
      Consumer<IntegrityReport.DamagedRecord> damaged)
      throws IOException {
    // Record documents are those in the id field; passage documents have none.
    var ids = leaf.reader().getSortedDocValues(Schema.ID);
    if (ids == null) {
      return 0;
    }
    Bits live = leaf.reader().getLiveDocs();
    RecordReader.Leaf values = new RecordReader.Leaf(leaf.reader());
    long checked = 0;
    for (int doc = ids.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = ids.nextDoc()) {
      if (live != null && !live.get(doc)) {
        continue;
      }
      checked++;
      try {
        sink.accept(reader.read(values, doc));
      } catch (DamagedRecordException e) {
        damaged.accept(
            new IntegrityReport.DamagedRecord(
                RecordReader.idOf(leaf.reader(), doc), rootProblem(e)));
      }
    }
    return checked;
  }

  private static Directory existingIndex(Path index) throws IOException {
    if (!Files.isDirectory(index)) {
      throw new IllegalStateException("no index at " + index + ": the directory does not exist");
    }
    Directory directory = FSDirectory.open(index);
    try {
      IndexMetadata.read(directory, index)
          .orElseThrow(
              () ->
                  new IllegalStateException(
                      "no recall4j index in " + index + " (no Lucene commit there)"));
      return directory;
    } catch (IOException | RuntimeException e) {
      directory.close();
      throw e;
    }
  }

  private static Lock lock(Directory directory, Path index, Duration wait) throws IOException {
    long deadline = System.nanoTime() + wait.toNanos();
    while (true) {
      try {
        return directory.obtainLock(IndexWriter.WRITE_LOCK_NAME);
      } catch (LockObtainFailedException e) {
        if (System.nanoTime() >= deadline) {
          throw new IndexLockedException(index, WriterLock.holder(index), wait, e);
        }
        try {
          Thread.sleep(100);
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          throw new IOException("interrupted while waiting for the index write lock", interrupted);
        }
      } catch (FileSystemException | UnsupportedOperationException e) {
        // No lock file can be created here (a read-only mount), so no writer can be at work either.
        return NoLockFactory.INSTANCE.obtainLock(directory, IndexWriter.WRITE_LOCK_NAME);
      }
    }
  }

  /**
   * The messages of an exception and its causes, joined: Lucene names the damaged file in a cause.
   */
  private static String messages(Throwable e) {
    StringBuilder text = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t.getMessage() != null && !text.toString().contains(t.getMessage())) {
        text.append(text.isEmpty() ? "" : "; ").append(t.getMessage());
      }
    }
    return text.isEmpty() ? e.getClass().getSimpleName() : text.toString();
  }

  private static String rootProblem(DamagedRecordException e) {
    return e.getCause() instanceof DamagedRecordException inner
        ? inner.getMessage()
        : e.getMessage();
  }

  private static List<String> fileNames(String message) {
    List<String> names = new ArrayList<>();
    Matcher m = INDEX_FILE.matcher(message);
    while (m.find()) {
      if (!names.contains(m.group(1))) {
        names.add(m.group(1));
      }
    }
    return names;
  }
}
