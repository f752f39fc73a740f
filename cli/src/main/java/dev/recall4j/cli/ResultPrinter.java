package dev.recall4j.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall4j.core.DroppedItem;
import dev.recall4j.core.RecallResult;
import dev.recall4j.core.RecalledItem;
import dev.recall4j.core.ScoreBreakdown;
import dev.recall4j.core.Stage;
import dev.recall4j.core.Wire;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.stream.Collectors;

/** Prints a {@link RecallResult} as text, as JSON, or as an explanation table. */
final class ResultPrinter {
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

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

  /**
   * The JSON other tools read: {@code context}, {@code budget}, {@code tokens_used}, {@code
   * tokenizer}, {@code retrieval}, {@code items}, {@code dropped}, {@code timings_ms}, {@code
   * warnings}.
   */
  static void json(RecallResult r, PrintWriter out) throws java.io.IOException {
    ObjectNode root = JSON.createObjectNode();
    root.put("context", r.context());
    root.put("budget", r.budgetTokens());
    root.put("tokens_used", r.tokensUsed());
    root.put("tokenizer", r.tokenizer());
    root.put("retrieval", r.retrieval().describe());
    ArrayNode items = root.putArray("items");
    for (RecalledItem item : r.items()) {
      ObjectNode n = items.addObject();
      n.put("id", item.record().id());
      n.put("silo", Wire.name(item.record().silo()));
      n.put("kind", item.record().kind().name());
      n.put("section", item.section());
      putScore(n, "score", item.score().finalScore());
      n.put("tokens", item.tokens());
      n.put("truncated", item.truncated());
      ScoreBreakdown s = item.score();
      ObjectNode why = n.putObject("explain");
      why.put("lexical_rank", s.lexicalRank());
      putScore(why, "lexical_score", s.lexicalScore());
      why.put("vector_rank", s.vectorRank());
      putScore(why, "vector_similarity", s.vectorSimilarity());
      putScore(why, "fused", s.fusedScore());
      putScore(why, "decay", s.decay());
      putScore(why, "trust", s.trust());
      why.put("tier_priority", s.tierPriority());
    }
    ArrayNode dropped = root.putArray("dropped");
    for (DroppedItem d : r.dropped()) {
      dropped
          .addObject()
          .put("id", d.id())
          .put("reason", Wire.name(d.reason()))
          .put("detail", d.detail());
    }
    ObjectNode timings = root.putObject("timings_ms");
    r.timingsMillis().forEach((stage, millis) -> timings.put(stage.toString(), millis));
    r.warnings().forEach(root.putArray("warnings")::add);
    out.println(JSON.writeValueAsString(root));
  }

  /** One row per injected item with every factor of its score, then the dropped candidates. */
  static void explain(RecallResult r, PrintWriter out) {
    String row = "%-28s %-20s %4s %8s %4s %7s %8s %6s %6s %4s %9s %6s%n";
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
        "tokens");
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
          item.tokens() + (item.truncated() ? "*" : ""));
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

  private static void putScore(ObjectNode n, String key, double value) {
    if (Double.isFinite(value)) {
      n.put(key, value);
    } else {
      n.putNull(key);
    }
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
