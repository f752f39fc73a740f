package dev.recall4j.cli;

import dev.recall4j.core.MemoryRecord;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The small workspace bundled for the quickstart: the memories, KB observations and documents of a
 * coding agent working on "tidewatch", a tide-prediction service. Written for recall4j; covers
 * every silo and the common memory kinds.
 */
final class SampleWorkspace {
  /** Resource names under this class's package folder {@code sample/}. */
  static final List<String> FILES =
      List.of("memories.jsonl", "kb.jsonl", "docs/operations.md", "docs/harmonics.md");

  /** The queries the quickstart runs: a workflow, an error message, and the user's preferences. */
  static final List<String> QUERIES =
      List.of(
          "how do I release a new version?",
          "NullPointerException in TideTable.parse",
          "what units and code style does the user prefer?");

  private SampleWorkspace() {}

  /**
   * The records with their times shifted so the newest was written an hour before {@code now}: the
   * sample's dates are fixed in its files, and recency decay would otherwise age it a little more
   * every day the quickstart is run.
   */
  static List<MemoryRecord> asOf(List<MemoryRecord> records, Instant now) {
    Instant newest =
        records.stream().map(MemoryRecord::updated).max(Instant::compareTo).orElse(now);
    Duration shift = Duration.between(newest, now.minus(Duration.ofHours(1)));
    return records.stream()
        .map(
            r ->
                r.toBuilder()
                    .created(r.created().plus(shift))
                    .updated(r.updated().plus(shift))
                    .build())
        .toList();
  }

  /** Copies the sample files into {@code dir} and returns their paths, memories first. */
  static List<Path> copyTo(Path dir) throws IOException {
    for (String name : FILES) {
      Path target = dir.resolve(name);
      Files.createDirectories(target.getParent());
      try (InputStream in = SampleWorkspace.class.getResourceAsStream("sample/" + name)) {
        if (in == null) {
          throw new IllegalStateException("sample file missing from the jar: " + name);
        }
        Files.copy(in, target);
      }
    }
    return FILES.stream().map(dir::resolve).toList();
  }
}
