package dev.recall4j.sources;

import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Origin;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Source;
import dev.recall4j.core.Status;
import dev.recall4j.core.Tier;
import dev.recall4j.engine.InputException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The two layers of a harness's file memory (seed 001): the curated {@code MEMORY.md}, injected
 * whole by its owner, and the append-only daily logs {@code memory/YYYY-MM-DD.md}. Each entry is a
 * record: a bullet (with its indented or wrapped continuation lines) or a paragraph, titled by the
 * heading above it, with its line. A daily log's records are created on the log's date (UTC
 * midnight), so recency decay ages them from when they were written, not from the sync; {@code
 * MEMORY.md}'s on the file's modification time, and pinned when the source says so. An entry struck
 * through whole ({@code - ~~text~~}, as a forget through recall4j writes it) is deleted.
 */
final class DailyLog {
  static final Pattern DATED = Pattern.compile("(\\d{4}-\\d{2}-\\d{2})\\.md");
  static final String MEMORY_FILE = "MEMORY.md";

  /** The kind of a daily log entry: what was being discussed, raw and undeduplicated. */
  static final Kind LOG_ENTRY = Kind.of("daily_log");

  private static final Pattern BULLET = Pattern.compile("^\\s*(?:[-*+]|\\d+[.)])\\s+.*");

  /**
   * An entry struck through whole, {@code - ~~text~~}: forgotten, kept in the log for its owner.
   */
  private static final Pattern STRUCK =
      Pattern.compile("^(?:(?:[-*+]|\\d+[.)])\\s+)?~~.*~~$", Pattern.DOTALL);

  private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*)$");

  private DailyLog() {}

  /** Whether the daily-log source reads this file: {@code MEMORY.md} or a dated log. */
  static boolean isLogFile(String fileName) {
    return fileName.equals(MEMORY_FILE) || DATED.matcher(fileName).matches();
  }

  static List<MemoryRecord> records(
      String text,
      String source,
      String relativePath,
      String absolutePath,
      Scope scope,
      boolean pinMemoryFile,
      Instant modified) {
    String fileName = relativePath.substring(relativePath.lastIndexOf('/') + 1);
    Matcher dated = DATED.matcher(fileName);
    boolean memoryFile = fileName.equals(MEMORY_FILE);
    Instant created = modified;
    if (dated.matches()) {
      try {
        created = LocalDate.parse(dated.group(1)).atStartOfDay().toInstant(ZoneOffset.UTC);
      } catch (java.time.format.DateTimeParseException e) {
        throw new InputException(
            absolutePath, 0, 0, "the file name is not a date (YYYY-MM-DD.md): " + fileName, e);
      }
    }
    List<MemoryRecord> out = new ArrayList<>();
    String[] lines = text.split("\r?\n", -1);
    String heading = null;
    StringBuilder entry = new StringBuilder();
    int entryLine = 0;
    boolean inFence = false;
    for (int i = 0; i <= lines.length; i++) {
      String line = i < lines.length ? lines[i] : "";
      String stripped = line.strip();
      boolean end = i == lines.length;
      if (!end && stripped.startsWith("```")) {
        inFence = !inFence;
      }
      Matcher h = inFence ? null : HEADING.matcher(stripped);
      boolean isHeading = h != null && h.matches();
      boolean startsBullet = !inFence && BULLET.matcher(line).matches() && !line.startsWith("  ");
      boolean blank = stripped.isEmpty() && !inFence;
      if (end || isHeading || blank || (startsBullet && entry.length() > 0)) {
        if (entry.length() > 0) {
          out.add(
              record(
                  out.size(),
                  entryLine,
                  heading,
                  entry.toString(),
                  source,
                  relativePath,
                  absolutePath,
                  scope,
                  memoryFile,
                  pinMemoryFile,
                  created));
          entry.setLength(0);
        }
      }
      if (end) {
        break;
      }
      if (isHeading) {
        heading = h.group(1).strip();
        continue;
      }
      if (blank) {
        continue;
      }
      if (entry.length() == 0) {
        entryLine = i + 1;
      } else {
        entry.append('\n');
      }
      entry.append(inFence || stripped.startsWith("```") ? line : stripped);
    }
    return out;
  }

  private static MemoryRecord record(
      int index,
      int line,
      String heading,
      String text,
      String source,
      String relativePath,
      String absolutePath,
      Scope scope,
      boolean memoryFile,
      boolean pinMemoryFile,
      Instant created) {
    try {
      return MemoryRecord.builder()
          .id(RecordIds.chunk(source, relativePath, index))
          .silo(Silo.MEMORY)
          .kind(memoryFile ? Kind.PROJECT_FACT : LOG_ENTRY)
          .tier(memoryFile && pinMemoryFile ? Tier.PINNED : Tier.ACTIVE)
          .status(STRUCK.matcher(text).matches() ? Status.DELETED : Status.ACTIVE)
          .scope(scope)
          .source(Source.AGENT)
          .created(created)
          .title(heading)
          .content(text)
          .origin(new Origin(absolutePath, index, line))
          .build();
    } catch (IllegalArgumentException e) {
      throw new InputException(absolutePath, line, 0, e.getMessage(), e);
    }
  }
}
