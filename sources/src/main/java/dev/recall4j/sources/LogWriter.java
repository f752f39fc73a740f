package dev.recall4j.sources;

import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes what an agent saves into a harness's daily logs (seed 001): a bullet appended to today's
 * {@code memory/YYYY-MM-DD.md} (created with the date as its heading), continuation lines indented;
 * and an entry struck through whole ({@code - ~~text~~}) for a forget or a supersede, the log's
 * line kept, since the log is append-only and the entries after it keep their places.
 */
final class LogWriter {
  private static final Pattern MARKER = Pattern.compile("^(\\s*(?:[-*+]|\\d+[.)])\\s+|\\s*)(.*)$");

  private LogWriter() {}

  /** The day's log under a daily-log source's root. */
  static Path log(Path root, LocalDate day) {
    return root.resolve("memory").resolve(day + ".md");
  }

  /** Appends the text as a bullet to the day's log under {@code root} and returns the log. */
  static Path append(Path root, String text, LocalDate day) throws IOException {
    Path log = log(root, day);
    FileText.Read before = FileText.read(log);
    String old = before.bytes() == null ? "# " + day + "\n\n" : before.text();
    if (!old.isEmpty() && !old.endsWith("\n")) {
      old += "\n";
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
    FileText.replace(before, old + bullet);
    return log;
  }

  /**
   * Strikes through the entry whose text is {@code entry} (as synced) at 1-based {@code line}:
   * {@code ~~} after its bullet marker and at the end of its last line. An entry already struck is
   * left as it is.
   *
   * @throws IllegalStateException naming the log and line when the entry is no longer there
   */
  static void strike(Path log, int line, String entry) throws IOException {
    FileText.Read before = FileText.read(log);
    List<String> all = new ArrayList<>(Arrays.asList(before.text().split("\r?\n", -1)));
    String[] entryLines = entry.split("\n", -1);
    int first = line - 1;
    int last = first + entryLines.length - 1;
    if (first < 0 || last >= all.size() || !all.get(first).strip().equals(entryLines[0].strip())) {
      throw new IllegalStateException(
          log + ":" + line + ": the entry is no longer there; run sync and try again");
    }
    Matcher m = MARKER.matcher(all.get(first));
    if (!m.matches() || m.group(2).startsWith("~~")) {
      return;
    }
    all.set(first, m.group(1) + "~~" + m.group(2));
    all.set(last, all.get(last).stripTrailing() + "~~");
    FileText.replace(before, String.join("\n", all));
  }
}
