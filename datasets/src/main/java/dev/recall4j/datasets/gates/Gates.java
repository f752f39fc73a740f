package dev.recall4j.datasets.gates;

import dev.recall4j.core.Checks;
import dev.recall4j.core.Embedder;
import dev.recall4j.datasets.eval.EvalOptions;
import dev.recall4j.datasets.eval.EvalProgress;
import dev.recall4j.datasets.eval.EvalReport;
import dev.recall4j.datasets.eval.Evaluator;
import dev.recall4j.datasets.eval.ModeResult;
import dev.recall4j.datasets.eval.ReferenceVectors;
import dev.recall4j.datasets.load.Dataset;
import dev.recall4j.datasets.load.Datasets;
import dev.recall4j.datasets.metrics.Metric;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The evaluation regression gates: every {@code *.json} {@link GateConfig} of a directory, run
 * against the datasets and compared with its expected figures, in the manner of Anserini's
 * regression configs.
 *
 * <p>Per metric: a drop larger than the run's tolerance fails; a rise larger than it passes but is
 * reported ({@code RISE}: record the new figure); anything within passes. A gate whose dataset
 * directory is missing is skipped with the reason; a checksum mismatch is an error (the data
 * changed, so the figures say nothing). Budgets are not packed (metrics only). Stateless.
 */
public final class Gates {
  private static final Logger LOG = LoggerFactory.getLogger(Gates.class);

  private Gates() {}

  /** The outcome of one check. */
  public enum Status {
    PASS,
    RISE,
    FAIL,
    SKIP,
    ERROR
  }

  /**
   * One line of the gate report.
   *
   * @param gate the gate's label ({@code dataset/split[/level]})
   * @param mode the mode, or null for a gate-level line (skip, error)
   * @param metric the metric name, or null for a gate-level line
   * @param expected the recorded figure (NaN on gate-level lines)
   * @param actual the measured figure (NaN on gate-level lines)
   * @param tolerance the accepted drop (NaN on gate-level lines)
   * @param status the verdict
   * @param message why, for skip and error lines; else empty
   */
  public record Check(
      String gate,
      String mode,
      String metric,
      double expected,
      double actual,
      double tolerance,
      Status status,
      String message) {
    public Check {
      Checks.notBlank(gate, "gate");
      Checks.notNull(status, "status");
      message = message == null ? "" : message;
    }
  }

  /**
   * All checks of a gate run, in config file order (by name) then mode and metric order.
   *
   * @param checks every check
   * @param seconds wall time of the run
   */
  public record Report(List<Check> checks, double seconds) {
    public Report {
      checks = List.copyOf(Checks.notNull(checks, "checks"));
    }

    /** Whether no check failed or erred (skips and rises pass). */
    public boolean passed() {
      return checks.stream()
          .noneMatch(c -> c.status() == Status.FAIL || c.status() == Status.ERROR);
    }

    /** A fixed-width table of the checks and a summary line. */
    public String table() {
      StringBuilder out = new StringBuilder();
      out.append(
          String.format(
              Locale.ROOT,
              "%-28s %-18s %-11s %9s %9s %8s %9s  %s%n",
              "gate",
              "mode",
              "metric",
              "expected",
              "actual",
              "diff",
              "tolerance",
              "status"));
      for (Check c : checks) {
        if (c.mode() == null) {
          out.append(
              String.format(Locale.ROOT, "%-28s %s: %s%n", c.gate(), c.status(), c.message()));
        } else {
          out.append(
              String.format(
                  Locale.ROOT,
                  "%-28s %-18s %-11s %9.4f %9.4f %+8.4f %9.4f  %s%n",
                  c.gate(),
                  c.mode(),
                  c.metric(),
                  c.expected(),
                  c.actual(),
                  c.actual() - c.expected(),
                  c.tolerance(),
                  c.status()));
        }
      }
      long failed =
          checks.stream()
              .filter(c -> c.status() == Status.FAIL || c.status() == Status.ERROR)
              .count();
      long rises = checks.stream().filter(c -> c.status() == Status.RISE).count();
      long skipped = checks.stream().filter(c -> c.status() == Status.SKIP).count();
      out.append(
          String.format(
              Locale.ROOT,
              "%s: %d checks, %d failed, %d rose beyond tolerance, %d gates skipped, %.0f s%n",
              passed() ? "PASSED" : "FAILED",
              checks.size(),
              failed,
              rises,
              skipped,
              seconds));
      // The plain closing line CI runners read: every check that did not fail or get skipped
      // passed.
      out.append(
          String.format(
              Locale.ROOT,
              "gates: %d passed, %d failed, %d skipped%n",
              checks.size() - failed - skipped,
              failed,
              skipped));
      return out.toString();
    }
  }

  /**
   * Runs every gate file of {@code configsDir} (sorted by name).
   *
   * @param datasetsRoot the directory holding one directory per dataset
   * @param cacheDir the evaluation cache
   * @param embedders creates the embedder of a model name
   * @throws IOException when the configs directory cannot be listed or a config read
   * @throws IllegalArgumentException when a config is malformed (naming file and key)
   */
  public static Report run(
      Path datasetsRoot,
      Path configsDir,
      Path cacheDir,
      Function<String, Embedder> embedders,
      EvalProgress progress)
      throws IOException {
    return run(datasetsRoot, configsDir, cacheDir, embedders, progress, false);
  }

  /**
   * Runs every gate like {@link #run} and writes what each measured into its file as the new
   * expected figures (a gate that was skipped or erred is left as it is): after a change that moves
   * the figures on purpose, or after {@link #recordVectors}. The report compares with the figures
   * as they were.
   */
  public static Report update(
      Path datasetsRoot,
      Path configsDir,
      Path cacheDir,
      Function<String, Embedder> embedders,
      EvalProgress progress)
      throws IOException {
    return run(datasetsRoot, configsDir, cacheDir, embedders, progress, true);
  }

  private static Report run(
      Path datasetsRoot,
      Path configsDir,
      Path cacheDir,
      Function<String, Embedder> embedders,
      EvalProgress progress,
      boolean update)
      throws IOException {
    long start = System.nanoTime();
    List<Check> checks = new ArrayList<>();
    for (GateConfig gate : configs(configsDir)) {
      List<Check> gateChecks = check(gate, datasetsRoot, cacheDir, embedders, progress);
      if (update && gateChecks.stream().allMatch(c -> c.mode() != null)) {
        GateFiles.setFigures(gate.file(), gateChecks);
      }
      checks.addAll(gateChecks);
    }
    return new Report(checks, (System.nanoTime() - start) / 1e9);
  }

  /**
   * Records the reference vectors of every gate with the live model: each gate's evaluation runs
   * once over a fresh cache with {@code embedders}' model, every text it embeds (documents, their
   * passages, queries) is kept, and the texts of all gates of one dataset are written to one file,
   * {@code vectors/DATASET.r4rv} beside the gate files (or the file a gate names already). Each
   * gate file then names its file and checksum. Its figures are left as they are: re-measure them
   * with {@link #update}. Gates whose dataset is absent are skipped.
   *
   * @return the files written
   */
  public static List<Path> recordVectors(
      Path datasetsRoot,
      Path configsDir,
      Function<String, Embedder> embedders,
      EvalProgress progress)
      throws IOException {
    Map<Path, List<GateConfig>> byFile = new TreeMap<>();
    for (GateConfig gate : configs(configsDir)) {
      if (Files.isDirectory(datasetsRoot.resolve(gate.dataset()))) {
        Path file =
            gate.vectors() != null
                ? gate.vectors()
                : configsDir.resolve("vectors").resolve(gate.dataset() + ".r4rv");
        byFile.computeIfAbsent(file.toAbsolutePath().normalize(), f -> new ArrayList<>()).add(gate);
      }
    }
    List<Path> written = new ArrayList<>();
    for (Map.Entry<Path, List<GateConfig>> e : byFile.entrySet()) {
      Path file = e.getKey();
      List<GateConfig> gates = e.getValue();
      String model = gates.getFirst().model();
      Checks.require(
          gates.stream().allMatch(g -> g.model().equals(model)),
          "model",
          "the gates sharing %s name different models",
          file);
      Path scratch = Files.createTempDirectory("recall4j-record-vectors");
      try (Embedder live = embedders.apply(model)) {
        ReferenceVectors.Recorder recorder = ReferenceVectors.recorder(live);
        for (GateConfig gate : gates) {
          EvalOptions options =
              EvalOptions.builder(gate.runs().stream().map(GateConfig.Expected::mode).toList())
                  .budgets(List.of())
                  .model(model)
                  .cacheDir(scratch.resolve(gate.file().getFileName().toString()))
                  .embedders(name -> recorder)
                  .build();
          Evaluator.run(
              Datasets.load(datasetsRoot.resolve(gate.dataset()), gate.split(), gate.level()),
              options,
              (stage, done, total) ->
                  progress.update(gate.label() + " record " + stage, done, total));
        }
        String checksum = recorder.write(file);
        for (GateConfig gate : gates) {
          GateFiles.setVectors(
              gate.file(),
              gate.file().toAbsolutePath().getParent().relativize(file).toString(),
              checksum);
        }
        LOG.info("{}: {} texts, sha256 {}", file, recorder.size(), checksum);
        written.add(file);
      } finally {
        deleteTree(scratch);
      }
    }
    return written;
  }

  private static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  private static List<GateConfig> configs(Path configsDir) throws IOException {
    List<GateConfig> configs = new ArrayList<>();
    try (Stream<Path> files = Files.list(configsDir)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
        configs.add(GateConfig.read(file));
      }
    }
    Checks.require(!configs.isEmpty(), "configs", "no *.json gate in %s", configsDir);
    return configs;
  }

  private static List<Check> check(
      GateConfig gate,
      Path root,
      Path cacheDir,
      Function<String, Embedder> embedders,
      EvalProgress progress)
      throws IOException {
    Path dir = root.resolve(gate.dataset());
    if (!Files.isDirectory(dir)) {
      return List.of(gateLine(gate, Status.SKIP, "dataset directory " + dir + " not found"));
    }
    Dataset dataset = Datasets.load(dir, gate.split(), gate.level());
    if (!dataset.checksum().equals(gate.checksum())) {
      return List.of(
          gateLine(
              gate,
              Status.ERROR,
              "checksum mismatch: "
                  + gate.file().getFileName()
                  + " was measured on "
                  + gate.checksum()
                  + " but "
                  + dir
                  + " now has "
                  + dataset.checksum()
                  + "; the data changed: re-measure and update the gate"));
    }
    if (gate.vectors() != null) {
      if (!Files.isRegularFile(gate.vectors())) {
        return List.of(
            gateLine(
                gate,
                Status.ERROR,
                "reference vectors "
                    + gate.vectors()
                    + " not found; record them with bin/recall4j eval-gates --record-vectors"));
      }
      String actual = GateFiles.sha256(gate.vectors());
      if (!actual.equals(gate.vectorsChecksum())) {
        return List.of(
            gateLine(
                gate,
                Status.ERROR,
                "checksum mismatch: "
                    + gate.file().getFileName()
                    + " was measured with vectors "
                    + gate.vectorsChecksum()
                    + " but "
                    + gate.vectors()
                    + " now has "
                    + actual
                    + "; re-measure with bin/recall4j eval-gates --update"));
      }
    }
    EvalOptions options =
        EvalOptions.builder(gate.runs().stream().map(GateConfig.Expected::mode).toList())
            .budgets(List.of())
            .model(gate.model())
            .cacheDir(cacheDir)
            .embedders(embedders)
            .referenceVectors(gate.vectors())
            .build();
    LOG.info("gate {}: {} modes", gate.label(), gate.runs().size());
    EvalReport report =
        Evaluator.run(
            dataset,
            options,
            (stage, done, total) -> progress.update(gate.label() + " " + stage, done, total));
    List<Check> checks = new ArrayList<>();
    for (GateConfig.Expected expected : gate.runs()) {
      ModeResult result = report.run(expected.mode().name());
      expected
          .metrics()
          .forEach(
              (metric, value) -> {
                double actual = result.metric(Metric.parse(metric).name());
                double diff = actual - value;
                Status status =
                    diff < -expected.tolerance()
                        ? Status.FAIL
                        : diff > expected.tolerance() ? Status.RISE : Status.PASS;
                checks.add(
                    new Check(
                        gate.label(),
                        expected.mode().name(),
                        metric,
                        value,
                        actual,
                        expected.tolerance(),
                        status,
                        ""));
              });
    }
    return checks;
  }

  private static Check gateLine(GateConfig gate, Status status, String message) {
    return new Check(gate.label(), null, null, Double.NaN, Double.NaN, Double.NaN, status, message);
  }
}
