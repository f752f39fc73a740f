package dev.recall4j.sources;

import java.nio.file.Path;
import java.util.List;

/**
 * One source to sync, whole ({@code within} null) or only under some paths.
 *
 * @param within the absolute paths given by hand that this sync covers, or null for every file
 */
record SyncJob(SourceSpec spec, List<Path> within) {
  /** Whether this sync covers the file: every file of the source, or those under the paths. */
  boolean covers(Path file) {
    return within == null || within.stream().anyMatch(file::startsWith);
  }

  /** Whether this is the source of paths given by hand that no configured source holds. */
  boolean adHoc() {
    return spec.name().equals(SourceSync.AD_HOC) && spec.path().equals(Path.of("/"));
  }
}
