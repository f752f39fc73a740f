package dev.recall4j.datasets.eval;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall4j.core.Checks;
import dev.recall4j.datasets.load.Dataset;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What one evaluation run measured.
 *
 * @param dataset the dataset directory's name
 * @param split the qrels split
 * @param level the LoCoMo level, or null
 * @param queries judged queries evaluated
 * @param checksum the dataset checksum ({@link Dataset#checksum()})
 * @param model the embedding model's id, or null when no mode needed vectors
 * @param depth candidates retrieved per path and query
 * @param fusionDepth candidates per path entering fusion
 * @param passageWords the engine's {@code embedder.passage_words} in the run (0: one vector per
 *     document)
 * @param vectorEncoding the index's {@code index_settings.vector_encoding} in the run ({@code
 *     float32}, {@code int8}, {@code int4})
 * @param tierBoost the engine's tier policy in the run ({@code recall.tier_boost}: {@code strict}
 *     or a boost)
 * @param lexicalQuery the diagnostic cut of the lexical side's query ({@link
 *     LexicalQueryCut#wireName()}), or null for a normal run
 * @param indexCache {@code hit} when the index came from the cache, else {@code built}
 * @param warnings skipped lines and documents, in the order met (loader warnings first)
 * @param runs one result per mode, in the order asked
 */
public record EvalReport(
    String dataset,
    String split,
    String level,
    int queries,
    String checksum,
    String model,
    int depth,
    int fusionDepth,
    int passageWords,
    String vectorEncoding,
    String tierBoost,
    String lexicalQuery,
    String indexCache,
    List<String> warnings,
    List<ModeResult> runs) {
  /** Warnings shown in the table and the JSON; the count covers all. */
  public static final int WARNINGS_SHOWN = 5;

  private static final ObjectMapper JSON =
      JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

  public EvalReport {
    Checks.notBlank(dataset, "dataset");
    Checks.notBlank(split, "split");
    Checks.require(queries >= 0, "queries", "must be >= 0, got %s", queries);
    Checks.notBlank(checksum, "checksum");
    Checks.require(passageWords >= 0, "passageWords", "must be >= 0, got %s", passageWords);
    Checks.notBlank(vectorEncoding, "vectorEncoding");
    Checks.notBlank(tierBoost, "tierBoost");
    Checks.notBlank(indexCache, "indexCache");
    warnings = List.copyOf(Checks.notNull(warnings, "warnings"));
    runs = List.copyOf(Checks.notNull(runs, "runs"));
  }

  /** The result of a mode by name. */
  public ModeResult run(String mode) {
    return runs.stream()
        .filter(r -> r.mode().name().equals(mode))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("mode: " + mode + " was not run"));
  }

  /**
   * The output JSON (issue 3 item 4): {@code dataset, split, level, queries, runs[{mode, metrics,
   * budgeted, latency_ms{p50, p95}}]}, plus {@code budgeted_naive} per run and {@code checksum,
   * model, depth, fusion_depth, passage_words, vector_encoding, tier_boost, index_cache,
   * warnings{count, first}}, and {@code diagnostic_lexical_query} in a diagnostic run ({@link
   * LexicalQueryCut}). Budgets are object keys, as strings.
   */
  public ObjectNode toJson() {
    ObjectNode root = JSON.createObjectNode();
    root.put("dataset", dataset);
    root.put("split", split);
    root.put("level", level);
    root.put("queries", queries);
    root.put("checksum", checksum);
    root.put("model", model);
    root.put("depth", depth);
    root.put("fusion_depth", fusionDepth);
    root.put("passage_words", passageWords);
    root.put("vector_encoding", vectorEncoding);
    root.put("tier_boost", tierBoost);
    if (lexicalQuery != null) {
      root.put("diagnostic_lexical_query", lexicalQuery);
    }
    root.put("index_cache", indexCache);
    ObjectNode warned = root.putObject("warnings");
    warned.put("count", warnings.size());
    warnings.stream().limit(WARNINGS_SHOWN).forEach(warned.putArray("first")::add);
    var array = root.putArray("runs");
    for (ModeResult run : runs) {
      ObjectNode node = array.addObject();
      node.put("mode", run.mode().name());
      ObjectNode metrics = node.putObject("metrics");
      run.metrics().forEach(metrics::put);
      putBudgets(node.putObject("budgeted"), run.budgeted());
      putBudgets(node.putObject("budgeted_naive"), run.budgetedNaive());
      ObjectNode latency = node.putObject("latency_ms");
      latency.put("p50", run.latencyP50());
      latency.put("p95", run.latencyP95());
    }
    return root;
  }

  private static void putBudgets(ObjectNode node, Map<Integer, Double> values) {
    values.forEach((budget, share) -> node.put(Integer.toString(budget), share));
  }

  /** Writes {@link #toJson()} to a file, creating its directory. */
  public void writeJson(Path file) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    Files.createDirectories(parent);
    JSON.writeValue(file.toFile(), toJson());
  }

  /** The JSON as text. */
  public String jsonText() {
    try {
      return JSON.writeValueAsString(toJson());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A fixed-width table: one row per mode with the metrics, the packer's and the naive baseline's
   * budget shares ({@code packer/naive}) and the latency percentiles; then the warnings.
   */
  public String table() {
    List<String> metricNames =
        runs.isEmpty() ? List.of() : List.copyOf(runs.getFirst().metrics().keySet());
    List<Integer> budgets =
        runs.isEmpty() ? List.of() : List.copyOf(runs.getFirst().budgeted().keySet());
    int modeWidth =
        Math.max(4, runs.stream().mapToInt(r -> r.mode().name().length()).max().orElse(4));
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            Locale.ROOT,
            "%s  %d queries  passages %s  vectors %s  tiers %s  index %s%n",
            label(),
            queries,
            passageWords == 0 ? "off" : passageWords + " words",
            vectorEncoding,
            tierBoost,
            indexCache));
    if (lexicalQuery != null) {
      out.append("DIAGNOSTIC: lexical side queried with the ")
          .append(lexicalQuery)
          .append(" of each query, vector side with the whole query\n");
    }
    List<String> header = new ArrayList<>();
    header.add(pad("mode", modeWidth));
    metricNames.forEach(m -> header.add(String.format(Locale.ROOT, "%10s", m)));
    budgets.forEach(b -> header.add(String.format(Locale.ROOT, "%13s", "pack@" + b)));
    header.add(String.format(Locale.ROOT, "%9s %9s", "p50 ms", "p95 ms"));
    out.append(String.join(" ", header)).append('\n');
    for (ModeResult run : runs) {
      List<String> row = new ArrayList<>();
      row.add(pad(run.mode().name(), modeWidth));
      metricNames.forEach(m -> row.add(String.format(Locale.ROOT, "%10.4f", run.metric(m))));
      budgets.forEach(
          b ->
              row.add(
                  String.format(
                      Locale.ROOT,
                      "%13s",
                      String.format(
                          Locale.ROOT,
                          "%.3f/%.3f",
                          run.budgeted().get(b),
                          run.budgetedNaive().get(b)))));
      row.add(String.format(Locale.ROOT, "%9.1f %9.1f", run.latencyP50(), run.latencyP95()));
      out.append(String.join(" ", row)).append('\n');
    }
    if (!budgets.isEmpty()) {
      out.append(
          "pack@N: share of judged-relevant documents reaching the packed block (whole, or its first 32 tokens), packer/naive\n");
    }
    if (!warnings.isEmpty()) {
      out.append(warnings.size()).append(" warning(s):\n");
      warnings.stream().limit(WARNINGS_SHOWN).forEach(w -> out.append("  ").append(w).append('\n'));
      if (warnings.size() > WARNINGS_SHOWN) {
        out.append("  ... ")
            .append(warnings.size() - WARNINGS_SHOWN)
            .append(" more in the JSON count\n");
      }
    }
    return out.toString();
  }

  /** {@code dataset/split} or {@code dataset/split/level}. */
  public String label() {
    return dataset + "/" + split + (level == null ? "" : "/" + level);
  }

  private static String pad(String text, int width) {
    return String.format(Locale.ROOT, "%-" + width + "s", text);
  }
}
