package dev.recall4j.engine;

import dev.recall4j.core.Checks;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.store.IntegrityReport;
import dev.recall4j.store.LuceneStore;
import dev.recall4j.store.StoreCheck;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Checks ({@code bin/recall4j verify}) and rebuilds ({@code bin/recall4j repair}) a damaged index:
 * every record that still decodes, with its vectors, is written to a new index in another
 * directory, and what could not be read is listed: from the newest commit that reads (the writes
 * after it are listed by id), or, when none does, from every segment on its own. The damaged index
 * is left untouched (it is only read), so nothing more is lost; the statistics database inside it
 * is checked too, copied to the new index when intact, else its rows that read carried over and the
 * damaged file kept beside them ({@link StatsCheck}). Putting the new index in place is the user's
 * step.
 */
public final class IndexRepair {
  private static final int BATCH = 256;

  private IndexRepair() {}

  /**
   * What a repair did.
   *
   * @param repaired the new index
   * @param saved records written to it
   * @param lost records that could not be read, by id (or position when the id is unreadable too)
   * @param lostWrites ids of records written after the last commit that reads, held only by a newer
   *     commit that does not: not in the new index
   * @param problems segments, commits or the statistics database that could not be read (at all),
   *     as Lucene or SQLite words it, and what was done about it
   */
  public record Outcome(
      Path repaired,
      long saved,
      List<IntegrityReport.DamagedRecord> lost,
      List<String> lostWrites,
      List<String> problems) {
    public Outcome {
      lost = List.copyOf(lost);
      lostWrites = List.copyOf(lostWrites);
      problems = List.copyOf(problems);
    }
  }

  /**
   * Checks the configured index for damage: every commit, every file's checksums and structures,
   * every record decoded, and the statistics database inside it ({@code recall4j verify}). Waits up
   * to {@code lockWait} for a writer to close it.
   *
   * @throws IllegalStateException when there is no recall4j index at the configured path
   */
  public static IntegrityReport verify(EngineConfig config, Duration lockWait) throws IOException {
    Checks.notNull(config, "config");
    IntegrityReport index = StoreCheck.verify(config.indexDir(), lockWait);
    Path statsFile = config.indexDir().resolve(EngineConfig.STATS_FILE);
    List<String> stats = StatsCheck.problems(statsFile);
    if (stats.isEmpty()) {
      return index;
    }
    List<String> files = new ArrayList<>(index.damagedFiles());
    files.add(EngineConfig.STATS_FILE);
    List<String> problems = new ArrayList<>(index.problems());
    problems.addAll(stats);
    return new IntegrityReport(
        index.location(), index.recordsChecked(), files, index.damagedRecords(), problems);
  }

  /** The default place of the repaired index: {@code <index>.repaired} beside it. */
  public static Path defaultTarget(Path index) {
    return index.resolveSibling(index.getFileName() + ".repaired");
  }

  /**
   * Writes every readable record of the configured index to a new index in {@code target}.
   *
   * @throws IllegalArgumentException when {@code target} exists and is not an empty directory
   * @throws IllegalStateException when there is no recall4j index at the configured path
   */
  public static Outcome repair(EngineConfig config, Path target) throws IOException {
    Checks.notNull(config, "config");
    Checks.notNull(target, "target");
    Path index = config.indexDir();
    refuseUsedTarget(target);
    StoreCheck.Embedding recorded = StoreCheck.embedding(index);
    List<String> problems = new ArrayList<>();
    StoreCheck.Salvage salvage;
    long saved;
    try (LuceneStore repaired =
        LuceneStore.open(
            IndexStores.options(config, target, recorded.model(), recorded.dimension()))) {
      List<MemoryRecord> batch = new ArrayList<>(BATCH);
      long[] count = {0};
      salvage =
          StoreCheck.salvage(
              index,
              record -> {
                batch.add(record);
                if (batch.size() == BATCH) {
                  count[0] += write(repaired, batch);
                }
              },
              problems);
      saved = count[0] + write(repaired, batch);
    }
    problems.addAll(
        StatsCheck.carry(
            index.resolve(EngineConfig.STATS_FILE), target.resolve(EngineConfig.STATS_FILE)));
    return new Outcome(target, saved, salvage.damaged(), salvage.lostWrites(), problems);
  }

  private static int write(LuceneStore repaired, List<MemoryRecord> batch) {
    int n = batch.size();
    if (n > 0) {
      try {
        repaired.upsertAll(batch);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      batch.clear();
    }
    return n;
  }

  private static void refuseUsedTarget(Path target) throws IOException {
    if (!Files.exists(target)) {
      return;
    }
    if (!Files.isDirectory(target)) {
      throw new IllegalArgumentException("--out: " + target + " is a file; name a new directory");
    }
    try (Stream<Path> entries = Files.list(target)) {
      if (entries.findAny().isPresent()) {
        throw new IllegalArgumentException(
            "--out: "
                + target
                + " is not empty; name a new directory (or remove it: it may be an earlier repair)");
      }
    }
  }
}
