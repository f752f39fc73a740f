package dev.recall4j.cli;

import dev.recall4j.core.DroppedItem;
import dev.recall4j.core.LinkedFrom;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Origin;
import dev.recall4j.core.RecallResult;
import dev.recall4j.core.RecalledItem;
import dev.recall4j.core.ScoreBreakdown;
import dev.recall4j.core.ScoredRecord;
import dev.recall4j.core.Stage;
import dev.recall4j.core.Wire;
import dev.recall4j.engine.RecordPage;
import dev.recall4j.engine.SearchResult;
import dev.recall4j.engine.json.JsonShapes;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Prints results for people: a {@link RecallResult} as text or an explanation table, a search and a
 * listing as lines; JSON comes from {@link JsonShapes}.
 */
final class ResultPrinter {
  /** Characters of a record's text shown on one line. */
  private static final int TEXT_WIDTH = 160;

  private ResultPrinter() {}

  /** The block as it would be injected, then one summary line. */
  static void text(RecallResult r, PrintWriter out) {
    out.println(r.context());
    out.println("--");
    out.println(summary(r));
  }

  static String summary(RecallResult r) {
    String stages =
        r.timingsMillis().entrySet().stream()
            .filter(e -> e.getKey() != Stage.TOTAL)
            .map(e -> e.getKey() + " " + ms(e.getValue()))
            .collect(Collectors.joining(", "));
    return String.format(
        Locale.ROOT,
        "retrieval: %s | %d/%d tokens (%s) | %d items, %d dropped | %s ms (%s)",
        r.retrieval().describe(),
        r.tokensUsed(),
        r.budgetTokens(),
        r.tokenizer(),
        r.items().size(),
        r.dropped().size(),
        ms(r.timingsMillis().getOrDefault(Stage.TOTAL, 0.0)),
        stages);
  }

  /** The recall as JSON, schema 1 ({@link JsonShapes#recall}; docs/JSON.md). */
  static void json(RecallResult r, boolean explain, PrintWriter out) {
    out.println(JsonShapes.pretty(JsonShapes.recall(r, explain)));
  }

  /**
   * A search as text: per record, a line with its rank, id, silo/kind, score and origin, then the
   * start of its text.
   */
  static void text(SearchResult r, PrintWriter out) {
    int rank = 0;
    for (ScoredRecord s : r.items()) {
      MemoryRecord record = s.record();
      out.printf(
          Locale.ROOT,
          "%d. %s  %s/%s  score %s%s%s%n   %s%n",
          ++rank,
          record.id(),
          Wire.name(record.silo()),
          record.kind(),
          num(s.finalScore()),
          record.origin() == null ? "" : "  " + origin(record.origin()),
          s.score().linkedFrom() == null ? "" : "  (" + via(s.score().linkedFrom()) + ")",
          clip(oneLine(record.content()), TEXT_WIDTH));
    }
    out.println("-- " + r.items().size() + " records, retrieval: " + r.retrieval().describe());
  }

  /** A page of a listing as text: one line per record, then the next page's cursor if any. */
  static void text(RecordPage page, PrintWriter out) {
    for (MemoryRecord r : page.records()) {
      out.printf(
          Locale.ROOT,
          "%s  %s/%s  %s  %s  %s%n",
          r.id(),
          Wire.name(r.silo()),
          r.kind(),
          Wire.name(r.tier()),
          r.created(),
          clip(oneLine(r.title() != null ? r.title() : r.content()), TEXT_WIDTH));
    }
    if (page.next() != null) {
      out.println("next: " + page.next());
    }
  }

  /** A page of a listing as JSON Lines ({@link JsonShapes#listLines}). */
  static void jsonl(RecordPage page, PrintWriter out) {
    JsonShapes.listLines(page).forEach(out::println);
  }

  /** The value of a {@code --format} option, checked against the formats a command prints. */
  static String format(String value, String... allowed) {
    if (!List.of(allowed).contains(value)) {
      throw new IllegalArgumentException(
          "--format: unknown value \"" + value + "\", expected " + String.join(" or ", allowed));
    }
    return value;
  }

  /** One row per injected item with every factor of its score, then the dropped candidates. */
  static void explain(RecallResult r, PrintWriter out) {
    String row = "%-28s %-20s %4s %8s %4s %7s %8s %6s %6s %4s %9s %6s  %s%n";
    out.printf(
        Locale.ROOT,
        row,
        "id",
        "section",
        "lex#",
        "bm25",
        "vec#",
        "cosine",
        "fused",
        "decay",
        "trust",
        "tier",
        "final",
        "tokens",
        "via");
    for (RecalledItem item : r.items()) {
      ScoreBreakdown s = item.score();
      out.printf(
          Locale.ROOT,
          row,
          clip(item.record().id(), 28),
          clip(item.section(), 20),
          rank(s.lexicalRank()),
          num(s.lexicalScore()),
          rank(s.vectorRank()),
          num(s.vectorSimilarity()),
          num(s.fusedScore()),
          num(s.decay()),
          num(s.trust()),
          s.tierPriority(),
          num(s.finalScore()),
          item.tokens() + (item.truncated() ? "*" : ""),
          s.linkedFrom() == null ? "" : via(s.linkedFrom()));
    }
    for (DroppedItem d : r.dropped()) {
      out.printf(
          Locale.ROOT,
          "dropped %-28s %-16s %s%n",
          clip(d.id(), 28),
          Wire.name(d.reason()),
          d.detail());
    }
    out.println(summary(r));
  }

  /** How a record came through another: {@code link from ID} or {@code newer version of ID}. */
  private static String via(LinkedFrom from) {
    return (from.route() == LinkedFrom.Route.LINK ? "link from " : "newer version of ") + from.id();
  }

  private static String origin(Origin o) {
    return o.path()
        + (o.line() > 0 ? ":" + o.line() : "")
        + (o.chunk() >= 0 ? " #" + o.chunk() : "");
  }

  private static String oneLine(String text) {
    return text.strip().replaceAll("\\s+", " ");
  }

  private static String rank(int rank) {
    return rank == 0 ? "-" : Integer.toString(rank);
  }

  private static String num(double value) {
    if (Double.isNaN(value)) {
      return "-";
    }
    return Double.isInfinite(value) ? "pinned" : String.format(Locale.ROOT, "%.4f", value);
  }

  private static String ms(double millis) {
    return String.format(Locale.ROOT, "%.1f", millis);
  }

  private static String clip(String s, int width) {
    return s.length() <= width ? s : s.substring(0, width - 1) + "~";
  }
}
