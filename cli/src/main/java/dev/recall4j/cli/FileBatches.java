package dev.recall4j.cli;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.IndexWrites;
import dev.recall4j.engine.IngestProgress;
import dev.recall4j.engine.RecordFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The input files of {@code import} ({@code ingest} is a sync of its files, module {@code sources},
 * with the same two passes), written in batches with memory that does not grow with the files. Two
 * streaming passes: {@link #check} reads every file and keeps nothing (a bad line stops the command
 * before anything is written, as when whole files were read into memory); {@link #write} reads them
 * again and hands the records to the engine a batch at a time, one commit each. A batch the engine
 * refuses (a vector of the wrong dimension) or cannot write (a full disk) stops the command with
 * the earlier batches committed; running it again finishes the work, since saving or importing the
 * same records again stores no duplicate.
 */
final class FileBatches {
  /** The default records per commit: small enough to keep memory flat, large enough for speed. */
  static final int DEFAULT_BATCH = 1_000;

  /**
   * A batch is also cut at this many characters of text (plus 4 per vector component), so that a
   * batch of long records stays small too.
   */
  private static final long MAX_BATCH_WEIGHT = 16L << 20;

  /** Writes one batch in one commit, reporting progress within it. */
  @FunctionalInterface
  interface BatchWriter {
    void write(List<MemoryRecord> batch, IngestProgress progress);
  }

  private final List<Path> files;
  private final Path root;
  private final Scope scope;
  private final Instant now;

  FileBatches(List<Path> files, Path root, Scope scope, Instant now) {
    this.files = List.copyOf(files);
    this.root = root;
    this.scope = scope;
    this.now = now;
  }

  /**
   * Reads every file once, keeping nothing.
   *
   * @return how many records the files hold
   * @throws dev.recall4j.engine.InputException at the first bad line
   */
  long check() throws IOException {
    long total = 0;
    for (Path file : files) {
      total += RecordFiles.forEach(file, root, scope, now, r -> {});
    }
    return total;
  }

  /**
   * What {@code ingest} and {@code import} share: checks every file (nothing is written when a line
   * is bad), opens the index for writing, writes in batches of {@code batchSize} under a progress
   * bar labelled {@code label}, then compacts (a failure there is a warning).
   *
   * @param writers the batch writer of the index's writes (this process's or a server's): their
   *     save or their import
   * @return the records written
   */
  long checkAndWrite(
      EngineOptions options,
      EngineConfig config,
      int batchSize,
      String label,
      Function<IndexWrites, BatchWriter> writers,
      PrintWriter err)
      throws IOException {
    long total = check();
    try (IndexWrites writes = options.openWrites(config)) {
      ProgressBar bar = new ProgressBar(err, label);
      long written = write(batchSize, total, writers.apply(writes), bar::update);
      bar.finish();
      Housekeeping.compact(writes, err);
      return written;
    }
  }

  /**
   * Reads the files again and writes their records in batches of at most {@code batchSize}.
   *
   * @param total the records {@link #check} counted, for progress
   * @return how many records were written
   */
  long write(int batchSize, long total, BatchWriter writer, IngestProgress progress)
      throws IOException {
    Batch batch = new Batch(batchSize, total, writer, progress);
    for (Path file : files) {
      RecordFiles.forEach(file, root, scope, now, batch::add);
    }
    batch.flush();
    return batch.committed;
  }

  private static long weight(MemoryRecord r) {
    long text = r.content().length();
    text += r.title() == null ? 0 : r.title().length();
    text += r.summary() == null ? 0 : r.summary().length();
    return text + 4L * r.dimension() * r.vectorCount();
  }

  private static final class Batch {
    private final int size;
    private final long total;
    private final BatchWriter writer;
    private final IngestProgress progress;
    private final List<MemoryRecord> records = new ArrayList<>();
    private long weight;
    private long committed;

    Batch(int size, long total, BatchWriter writer, IngestProgress progress) {
      this.size = size;
      this.total = total;
      this.writer = writer;
      this.progress = progress;
    }

    void add(MemoryRecord record) {
      records.add(record);
      weight += weight(record);
      if (records.size() >= size || weight >= MAX_BATCH_WEIGHT) {
        flush();
      }
    }

    void flush() {
      if (records.isEmpty()) {
        return;
      }
      try {
        writer.write(records, (done, ofBatch) -> progress.update(committed + done, total));
      } catch (RuntimeException e) {
        throw committed == 0 ? e : new PartlyWrittenException(committed, total, e);
      }
      committed += records.size();
      progress.update(committed, total);
      records.clear();
      weight = 0;
    }
  }

  /** A batch failed after earlier ones were committed: says so, and how to finish. */
  static final class PartlyWrittenException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    PartlyWrittenException(long committed, long total, RuntimeException cause) {
      super(
          String.format(
              Locale.ROOT,
              "%s; the first %d of %d records were committed before this; fix the cause and run the"
                  + " same command again (records already saved are not duplicated)",
              cause.getMessage(),
              committed,
              total),
          cause);
    }
  }
}
