package dev.recall4j.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.lucene.index.IndexFileNames;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.Directory;

/**
 * What a writer must not see when the latest commit is damaged, set aside in {@code
 * INDEX/recall4j.lost-segments_N/}: the unreadable {@code segments_N} and every index file no
 * readable commit holds (the writes after the last good commit). Lucene's writer refuses to open
 * beside an unreadable commit, and would delete those files as unreferenced; set aside, they stay
 * for {@code recall4j repair} to list the records they hold.
 */
final class LostCommits {
  /** The start of the name of a folder of set-aside files. */
  static final String PREFIX = "recall4j.lost-";

  private LostCommits() {}

  /**
   * Moves the scan's unreadable commits and the files only they can hold into a folder of the
   * index, under the write lock the caller holds.
   *
   * @return the folder
   */
  static Path setAside(Directory directory, Path index, Commits.Scan scan) throws IOException {
    Set<String> kept = new HashSet<>();
    for (SegmentInfos readable : Commits.readable(directory)) {
      kept.addAll(readable.files(true));
    }
    List<String> lost = new ArrayList<>();
    for (String file : directory.listAll()) {
      boolean indexFile =
          file.startsWith(IndexFileNames.SEGMENTS + "_")
              || IndexFileNames.CODEC_FILE_PATTERN.matcher(file).matches();
      if (indexFile && !kept.contains(file) && !file.equals(IndexWriter.WRITE_LOCK_NAME)) {
        lost.add(file);
      }
    }
    Path folder = index.resolve(PREFIX + scan.unreadable().get(0).file());
    Files.createDirectories(folder);
    for (String file : lost) {
      Files.move(index.resolve(file), folder.resolve(file), StandardCopyOption.REPLACE_EXISTING);
    }
    return folder;
  }

  /** The folders of set-aside files in an index, by name. */
  static List<Path> folders(Path index) throws IOException {
    try (Stream<Path> entries = Files.list(index)) {
      return entries
          .filter(p -> p.getFileName().toString().startsWith(PREFIX) && Files.isDirectory(p))
          .sorted()
          .toList();
    }
  }
}
