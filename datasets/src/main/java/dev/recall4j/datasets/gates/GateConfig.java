package dev.recall4j.datasets.gates;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.recall4j.core.Checks;
import dev.recall4j.datasets.eval.EvalMode;
import dev.recall4j.datasets.load.Dataset;
import dev.recall4j.datasets.load.Level;
import dev.recall4j.datasets.metrics.Metric;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One regression gate: a dataset (and level), its checksum, the model, and per mode the expected
 * metrics with a tolerance. Read from a checked-in JSON file:
 *
 * <pre>{@code
 * {"dataset": "scifact", "split": "test", "level": null,
 *  "checksum": "<sha256 of corpus, queries, qrels>", "model": "all-minilm-l6-v2-q",
 *  "runs": [{"mode": "bm25", "tolerance": 0.0005, "metrics": {"ndcg@10": 0.6787, "map": 0.64}}]}
 * }</pre>
 *
 * A {@code "comment"} key is allowed anywhere for the reasoning behind a figure; other unknown keys
 * are errors, so a typo never silently disables a check. With {@code "vectors"} (a {@link
 * dev.recall4j.datasets.eval.ReferenceVectors} file, relative to the gate file) and {@code
 * "vectors_checksum"} (its SHA-256), every vector comes from that file instead of the model, so the
 * figures are the same on every CPU.
 *
 * @param file the file it was read from
 * @param dataset the directory name under the datasets root
 * @param split the qrels split
 * @param level the LoCoMo level, or null
 * @param checksum the {@link Dataset#checksum()} the figures were measured on
 * @param model the embedding model
 * @param vectors the reference vector file, or null to embed with the model
 * @param vectorsChecksum the SHA-256 of {@code vectors} the figures were measured with; null
 *     exactly when {@code vectors} is
 * @param runs the expected figures per mode; not empty
 */
public record GateConfig(
    Path file,
    String dataset,
    String split,
    Level level,
    String checksum,
    String model,
    Path vectors,
    String vectorsChecksum,
    List<Expected> runs) {
  private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");
  private static final ObjectMapper JSON =
      JsonMapper.builder().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).build();

  /**
   * The expected figures of one mode.
   *
   * @param mode the mode
   * @param tolerance the largest drop accepted, in metric units, >= 0
   * @param metrics metric name to expected mean; not empty
   */
  public record Expected(EvalMode mode, double tolerance, Map<String, Double> metrics) {
    public Expected {
      Checks.notNull(mode, "mode");
      Checks.require(
          Double.isFinite(tolerance) && tolerance >= 0,
          "tolerance",
          "must be >= 0, got %s",
          tolerance);
      metrics =
          Collections.unmodifiableMap(new LinkedHashMap<>(Checks.notNull(metrics, "metrics")));
      Checks.require(!metrics.isEmpty(), "metrics", "must not be empty (mode %s)", mode);
      metrics.keySet().forEach(Metric::parse);
    }
  }

  public GateConfig {
    Checks.notNull(file, "file");
    Checks.notBlank(dataset, "dataset");
    Checks.notBlank(split, "split");
    Checks.require(
        checksum != null && SHA256.matcher(checksum).matches(),
        "checksum",
        "must be 64 lowercase hex digits, got %s",
        Checks.excerpt(checksum));
    Checks.notBlank(model, "model");
    Checks.require(
        (vectors == null) == (vectorsChecksum == null),
        "vectors_checksum",
        "must be given exactly when vectors is");
    Checks.require(
        vectorsChecksum == null || SHA256.matcher(vectorsChecksum).matches(),
        "vectors_checksum",
        "must be 64 lowercase hex digits, got %s",
        Checks.excerpt(vectorsChecksum));
    runs = List.copyOf(Checks.notNull(runs, "runs"));
    Checks.require(!runs.isEmpty(), "runs", "must not be empty");
  }

  /**
   * Reads a gate file.
   *
   * @throws IllegalArgumentException naming the file and the bad key or value
   */
  public static GateConfig read(Path file) throws IOException {
    JsonNode root = JSON.readTree(file.toFile());
    try {
      Checks.require(root != null && root.isObject(), "gate", "must be a JSON object");
      only(
          root,
          "dataset",
          "split",
          "level",
          "checksum",
          "model",
          "vectors",
          "vectors_checksum",
          "runs",
          "comment");
      List<Expected> runs = new ArrayList<>();
      JsonNode list = root.path("runs");
      Checks.require(list.isArray(), "runs", "must be an array");
      for (JsonNode run : list) {
        only(run, "mode", "tolerance", "metrics", "comment");
        Map<String, Double> metrics = new LinkedHashMap<>();
        Iterator<Map.Entry<String, JsonNode>> fields = run.path("metrics").fields();
        while (fields.hasNext()) {
          Map.Entry<String, JsonNode> e = fields.next();
          Checks.require(e.getValue().isNumber(), "metrics", "%s must be a number", e.getKey());
          metrics.put(e.getKey(), e.getValue().doubleValue());
        }
        Checks.require(run.path("tolerance").isNumber(), "tolerance", "must be a number");
        runs.add(
            new Expected(
                EvalMode.parse(text(run, "mode")), run.path("tolerance").doubleValue(), metrics));
      }
      JsonNode level = root.path("level");
      return new GateConfig(
          file,
          text(root, "dataset"),
          root.has("split") ? text(root, "split") : "test",
          level.isMissingNode() || level.isNull() ? null : Level.parse("level", level.asText()),
          text(root, "checksum"),
          text(root, "model"),
          root.has("vectors") ? file.resolveSibling(text(root, "vectors")).normalize() : null,
          root.has("vectors_checksum") ? text(root, "vectors_checksum") : null,
          runs);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
    }
  }

  /** {@code dataset/split} or {@code dataset/split/level}. */
  public String label() {
    return dataset + "/" + split + (level == null ? "" : "/" + level.wireName());
  }

  private static void only(JsonNode node, String... keys) {
    List<String> known = List.of(keys);
    node.fieldNames()
        .forEachRemaining(
            k -> Checks.require(known.contains(k), k, "is not a gate setting (known: %s)", known));
  }

  private static String text(JsonNode node, String key) {
    JsonNode value = node.path(key);
    Checks.require(
        value.isTextual(), key, "must be a string, got %s", value.isMissingNode() ? "none" : value);
    return value.asText();
  }
}
