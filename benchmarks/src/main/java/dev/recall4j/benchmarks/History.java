package dev.recall4j.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The run history of one machine: {@code <dir>/<machine key>.jsonl}, one JSON object per run with
 * commit, date, profile, machine and every median ({@code {"medians": {key: {"medianMs",
 * "noise"}}}}).
 *
 * <p><b>Compare.</b> A median is flagged as a regression when it is slower than the previous run on
 * the same machine and profile by more than {@code max(5 %, noise_previous + noise_current)}: the
 * noise of each run is the spread of its per-iteration medians ({@link Measurement#noise}), so a
 * change inside what a rerun shows is not reported as one. Faster by as much is an improvement.
 */
final class History {
  /** The smallest relative change ever flagged. */
  static final double MIN_THRESHOLD = 0.05;

  private static final ObjectMapper JSON = new ObjectMapper();

  /** A median and its noise, as kept in the history. */
  record Stat(double medianMs, double noise) {}

  /**
   * One compared median.
   *
   * @param change {@code current / previous - 1}: positive is slower
   * @param threshold the relative change beyond which it is flagged
   */
  record Change(String key, double previousMs, double currentMs, double change, double threshold) {
    boolean regression() {
      return change > threshold;
    }

    boolean improvement() {
      return change < -threshold;
    }
  }

  private History() {}

  static Path file(Path dir, MachineInfo machine) {
    return dir.resolve(machine.key() + ".jsonl");
  }

  /** The history line of a run. */
  static ObjectNode line(
      String commit,
      String date,
      String profile,
      MachineInfo machine,
      List<Measurement> measurements) {
    ObjectNode line = JSON.createObjectNode();
    line.put("commit", commit);
    line.put("date", date);
    line.put("profile", profile);
    line.set("machine", JSON.valueToTree(machine.toMap()));
    ObjectNode medians = line.putObject("medians");
    for (Measurement m : measurements) {
      ObjectNode stat = medians.putObject(m.key());
      stat.put("medianMs", m.medianMs());
      stat.put("noise", m.noise());
    }
    return line;
  }

  static void append(Path file, ObjectNode line) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(
        file,
        JSON.writeValueAsString(line) + "\n",
        StandardCharsets.UTF_8,
        StandardOpenOption.CREATE,
        StandardOpenOption.APPEND);
  }

  /** The last run of this profile in the file, if any. */
  static Optional<JsonNode> previous(Path file, String profile) throws IOException {
    if (!Files.exists(file)) {
      return Optional.empty();
    }
    JsonNode last = null;
    for (String text : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      if (!text.isBlank()) {
        JsonNode node = JSON.readTree(text);
        if (profile.equals(node.path("profile").asText())) {
          last = node;
        }
      }
    }
    return Optional.ofNullable(last);
  }

  static Map<String, Stat> medians(JsonNode line) {
    Map<String, Stat> out = new TreeMap<>();
    line.path("medians")
        .properties()
        .forEach(
            e ->
                out.put(
                    e.getKey(),
                    new Stat(
                        e.getValue().path("medianMs").asDouble(),
                        e.getValue().path("noise").asDouble())));
    return out;
  }

  /** The change of every median present in both runs, by key. */
  static List<Change> compare(Map<String, Stat> previous, Map<String, Stat> current) {
    List<Change> out = new ArrayList<>();
    for (var e : new TreeMap<>(current).entrySet()) {
      Stat before = previous.get(e.getKey());
      if (before == null || before.medianMs() <= 0) {
        continue;
      }
      Stat now = e.getValue();
      double threshold = Math.max(MIN_THRESHOLD, before.noise() + now.noise());
      out.add(
          new Change(
              e.getKey(),
              before.medianMs(),
              now.medianMs(),
              now.medianMs() / before.medianMs() - 1,
              threshold));
    }
    return out;
  }

  /** The comparison as text, one line per median, regressions marked. */
  static String render(List<Change> changes, JsonNode previous) {
    StringBuilder b = new StringBuilder();
    b.append(
        String.format(
            Locale.ROOT,
            "Compared with the previous run on this machine (commit %s, %s):%n",
            previous.path("commit").asText("?"),
            previous.path("date").asText("?")));
    int regressions = 0;
    for (Change c : changes) {
      String flag = c.regression() ? "REGRESSION" : c.improvement() ? "faster" : "";
      regressions += c.regression() ? 1 : 0;
      b.append(
          String.format(
              Locale.ROOT,
              "  %-70s %10.4f -> %10.4f ms  %+7.1f %% (noise ±%.1f %%) %s%n",
              c.key(),
              c.previousMs(),
              c.currentMs(),
              100 * c.change(),
              100 * c.threshold(),
              flag));
    }
    b.append(
        String.format(
            Locale.ROOT,
            "%d of %d medians regressed beyond the noise.%n",
            regressions,
            changes.size()));
    return b.toString();
  }
}
