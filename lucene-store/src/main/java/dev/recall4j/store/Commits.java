package dev.recall4j.store;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.lucene.index.IndexCommit;
import org.apache.lucene.index.IndexFileNames;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.Directory;

/**
 * The commits of an index directory, newest first, and the newest one that reads: what a store
 * opens when the latest {@code segments_N} is damaged ({@link KeepRecentCommits} keeps the one
 * before it). Lucene itself opens only the latest and fails on it.
 */
final class Commits {
  private Commits() {}

  /**
   * A commit that cannot be read.
   *
   * @param file its {@code segments_N}
   * @param problem Lucene's words, one line
   */
  record Unreadable(String file, String problem) {}

  /**
   * What a scan found.
   *
   * @param newest the newest commit that reads, or null when none does
   * @param unreadable the commits newer than it (all of them when none reads), newest first
   */
  record Scan(SegmentInfos newest, List<Unreadable> unreadable) {
    Scan {
      unreadable = List.copyOf(unreadable);
    }

    /** True when the latest commit is damaged and an earlier one is opened instead. */
    boolean fellBack() {
      return newest != null && !unreadable.isEmpty();
    }

    /** The newest readable commit, to open a reader or a writer on. */
    Optional<IndexCommit> commit(Directory directory) {
      return newest == null ? Optional.empty() : Optional.of(of(directory, newest));
    }

    /** The warning a store logs when it falls back, naming the commits lost. */
    String fallbackWarning(Path index) {
      return "index "
          + index
          + ": its latest commit "
          + String.join(", ", unreadable.stream().map(Unreadable::file).toList())
          + " cannot be read ("
          + unreadable.get(0).problem()
          + "); opened the previous commit "
          + newest.getSegmentsFileName()
          + " instead: writes after it are lost; `recall4j repair --index "
          + index
          + "` lists them";
    }
  }

  /**
   * How often a scan starts again because a writer in another process committed while it read: a
   * writer keeps two commits, so one committing twice during a scan deletes the files of the commit
   * being read. Lucene's own reader retries the same way (its {@code FindSegmentsFile}).
   */
  private static final int RESCANS = 20;

  /**
   * Reads every {@code segments_N} of the directory from the newest until one reads. A commit that
   * fails while the directory's commits change under the scan is a writer's progress, not damage:
   * the scan starts again on the new list.
   */
  static Scan scan(Directory directory) throws IOException {
    for (int rescan = 0; ; rescan++) {
      List<String> files = segmentsFiles(directory);
      List<Unreadable> unreadable = new ArrayList<>();
      boolean changed = false;
      for (String file : files) {
        try {
          return new Scan(SegmentInfos.readCommit(directory, file), unreadable);
        } catch (IOException | RuntimeException e) {
          if (rescan < RESCANS && !files.equals(segmentsFiles(directory))) {
            changed = true;
            break;
          }
          // RuntimeException: a flipped byte in a codec name fails its SPI lookup.
          unreadable.add(new Unreadable(file, Causes.messages(e)));
        }
      }
      if (!changed) {
        return new Scan(null, unreadable);
      }
    }
  }

  /** Every commit of the directory that reads, newest first. */
  static List<SegmentInfos> readable(Directory directory) throws IOException {
    List<SegmentInfos> commits = new ArrayList<>();
    for (String file : segmentsFiles(directory)) {
      try {
        commits.add(SegmentInfos.readCommit(directory, file));
      } catch (IOException | RuntimeException e) {
        // Unreadable: holds nothing a reader could open.
      }
    }
    return commits;
  }

  /** The directory's {@code segments_N} files, newest first. */
  static List<String> segmentsFiles(Directory directory) throws IOException {
    List<String> files = new ArrayList<>();
    for (String file : directory.listAll()) {
      if (file.startsWith(IndexFileNames.SEGMENTS + "_")) {
        files.add(file);
      }
    }
    files.sort(Comparator.comparingLong(SegmentInfos::generationFromSegmentsFileName).reversed());
    return files;
  }

  /** A commit of these segment infos, to open a reader on (Lucene makes these for its own only). */
  static IndexCommit of(Directory directory, SegmentInfos infos) {
    return new Readable(directory, infos);
  }

  private static final class Readable extends IndexCommit {
    private final Directory directory;
    private final SegmentInfos infos;

    Readable(Directory directory, SegmentInfos infos) {
      this.directory = directory;
      this.infos = infos;
    }

    @Override
    public String getSegmentsFileName() {
      return infos.getSegmentsFileName();
    }

    @Override
    public Collection<String> getFileNames() throws IOException {
      return infos.files(true);
    }

    @Override
    public Directory getDirectory() {
      return directory;
    }

    @Override
    public void delete() {
      throw new UnsupportedOperationException("recall4j never deletes a commit it opened this way");
    }

    @Override
    public boolean isDeleted() {
      return false;
    }

    @Override
    public int getSegmentCount() {
      return infos.size();
    }

    @Override
    public long getGeneration() {
      return infos.getGeneration();
    }

    @Override
    public Map<String, String> getUserData() {
      return infos.getUserData();
    }
  }
}
