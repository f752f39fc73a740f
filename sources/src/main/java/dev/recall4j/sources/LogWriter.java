package dev.recall4j.sources;

import dev.recall4j.engine.RecordFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Writes what an agent saves into a harness's daily logs (seed 001): a bullet appended to today's
 * {@code memory/YYYY-MM-DD.md} (created with the date as its heading), continuation lines indented;
 * and an entry struck through whole ({@code - ~~text~~}) for a forget, the log's line kept, since
 * the log is append-only and the entries after it keep their places.
 */
final class LogWriter {
  private LogWriter() {}

  /** Appends the text as a bullet to the day's log under {@code root} and returns the log. */
  static Path append(Path root, String text, LocalDate day) throws IOException {
    Path log = root.resolve("memory").resolve(day + ".md");
    String before = Files.exists(log) ? RecordFiles.readText(log) : "# " + day + "\n\n";
    if (!before.isEmpty() && !before.endsWith("\n")) {
      before += "\n";
    }
    List<String> lines =
        Arrays.stream(text.strip().split("\r?\n"))
            .map(String::strip)
            .filter(l -> !l.isEmpty())
            .toList();
    StringBuilder bullet = new StringBuilder("- ").append(lines.get(0)).append('\n');
    for (String l : lines.subList(1, lines.size())) {
      bullet.append("  ").append(l).append('\n');
    }
    FileText.write(log, before + bullet);
    return log;
  }

  /**
   * Strikes through the entry at 1-based {@code line} spanning {@code lines} lines: {@code ~~}
   * after its bullet marker and at the end of its last line.
   */
  static void strike(Path log, int line, int lines) throws IOException {
    List<String> all = new ArrayList<>(Arrays.asList(RecordFiles.readText(log).split("\r?\n", -1)));
    int first = line - 1;
    int last = first + lines - 1;
    String head = all.get(first);
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("^(\\s*(?:[-*+]|\\d+[.)])\\s+|\\s*)(.*)$").matcher(head);
    if (!m.matches() || m.group(2).startsWith("~~")) {
      return;
    }
    all.set(first, m.group(1) + "~~" + m.group(2));
    all.set(last, all.get(last).stripTrailing() + "~~");
    FileText.write(log, String.join("\n", all));
  }
}
