package dev.recall4j.sources;

import dev.recall4j.engine.InputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * The files one sync reads: a configured source's files of its type under its root (or its SQLite
 * file), within the paths given by hand if any; for paths given by hand that no source holds, the
 * files there of any type an extension names.
 */
final class SourceListing {
  /** Paths given by hand skip what a vault tool keeps for itself, and nothing else. */
  private static final FolderPatterns AD_HOC_SKIPPED =
      new FolderPatterns(SourceSpec.DEFAULT_EXCLUDED);

  private SourceListing() {}

  /**
   * A file to sync.
   *
   * @param key the file's key in the sync state: its path relative to the source's root, or its
   *     absolute path for a file synced ad hoc
   * @param type the type that reads it
   */
  record Listed(String key, Path file, SourceType type) {}

  /**
   * The job's files, each once, in listing order.
   *
   * @throws NoSuchFileException when a configured source's root is missing
   * @throws InputException naming a file given ad hoc that no type reads, or a SQLite file (read
   *     only through a configured query)
   */
  static List<Listed> of(SyncJob job) throws IOException {
    List<Listed> listed = new ArrayList<>();
    for (Path file : new LinkedHashSet<>(files(job))) {
      listed.add(
          job.adHoc()
              ? new Listed(file.toString(), file, adHocType(file))
              : new Listed(SourceFiles.relative(job.spec().path(), file), file, job.spec().type()));
    }
    return listed;
  }

  private static List<Path> files(SyncJob job) throws IOException {
    SourceSpec spec = job.spec();
    List<Path> files = new ArrayList<>();
    if (job.adHoc()) {
      for (Path p : job.within()) {
        if (Files.exists(p)) {
          files.addAll(SourceFiles.list(p, null, AD_HOC_SKIPPED::matches, false));
        }
      }
    } else if (spec.type() == SourceType.SQLITE) {
      files.add(spec.path());
    } else {
      if (!Files.exists(spec.path())) {
        throw new NoSuchFileException(
            spec.path().toString(), null, "source " + spec.name() + ": no such file or directory");
      }
      FolderRules rules = spec.folders();
      for (Path f :
          SourceFiles.list(spec.path(), spec.type(), rules::skips, spec.files().followSymlinks())) {
        if (job.covers(f)) {
          files.add(f);
        }
      }
    }
    return files;
  }

  private static SourceType adHocType(Path file) {
    SourceType type = SourceFiles.detect(file);
    if (type == SourceType.SQLITE) {
      throw new InputException(
          file.toString(),
          0,
          0,
          "a SQLite file is read through a query: configure it as a source of type sqlite"
              + " (docs/SOURCES.md)",
          null);
    }
    if (type == null) {
      throw new InputException(
          file.toString(),
          0,
          0,
          "unsupported file type; expected .jsonl, .md, .markdown or .txt",
          null);
    }
    return type;
  }
}
