package dev.recall4j.server;

import dev.recall4j.budget.Cutter;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.TokenCounter;
import dev.recall4j.core.Wire;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The records of one search, list or get answer within a token ceiling, and their text. The first
 * record always fits: when it alone is larger, its content is cut by the packer's {@link Cutter}
 * (at a sentence, word or grapheme boundary, never inside a surrogate pair, and marked), so a page
 * is never empty while records remain.
 */
final class Page {
  /**
   * A record as the page shows it: its content, or the cut that replaced it ({@code truncated}).
   */
  record Shown(MemoryRecord record, String content, boolean truncated) {}

  private final int ceiling;
  private final TokenCounter tokens;
  private final List<Shown> shown = new ArrayList<>();
  private final StringBuilder text = new StringBuilder();
  private int used;

  Page(int ceiling, TokenCounter tokens) {
    this.ceiling = ceiling;
    this.tokens = tokens;
  }

  /**
   * Adds a record if its rendering fits what the page has left (the first always does, cut if need
   * be).
   *
   * @param score the final score to show, or null
   * @return whether it was added
   */
  boolean add(MemoryRecord record, Double score) {
    String content = record.content();
    String line = render(record, score, content);
    int cost = tokens.count(line);
    boolean truncated = used + cost > ceiling;
    if (truncated) {
      if (!shown.isEmpty()) {
        return false;
      }
      content =
          Cutter.fitting(
              content, ceiling, cut -> tokens.count(render(record, score, cut)) <= ceiling);
      line = render(record, score, content);
      cost = tokens.count(line);
    }
    shown.add(new Shown(record, content, truncated));
    text.append(line).append("\n\n");
    used += cost;
    return true;
  }

  /** The records added, in order. */
  List<Shown> shown() {
    return shown;
  }

  int size() {
    return shown.size();
  }

  /** The page as a model reads it, with how to ask for more when {@code next} is not null. */
  String text(String next) {
    if (shown.isEmpty()) {
      return "no records";
    }
    return (next == null ? text.toString() : text + "(more: pass cursor " + next + ")").strip();
  }

  private static String render(MemoryRecord record, Double score, String content) {
    StringBuilder line = new StringBuilder("[").append(record.id()).append("] ");
    line.append(Wire.name(record.silo())).append('/').append(record.kind().name());
    if (score != null) {
      line.append(String.format(Locale.ROOT, " score %.4f", score));
    }
    if (record.title() != null) {
      line.append(" — ").append(record.title());
    }
    return line.append('\n').append(content).toString();
  }
}
