package dev.recall4j.cli;

import dev.recall4j.datasets.eval.EvalOptions;
import dev.recall4j.datasets.gates.Gates;
import dev.recall4j.embeddings.Embedders;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code recall4j eval-gates}: runs every regression gate; exit 1 when a metric dropped beyond its
 * tolerance or a dataset's checksum changed, 0 otherwise (also when the datasets are absent, which
 * is printed as a skip).
 */
@Command(
    name = "eval-gates",
    description = {
      "Run the evaluation regression gates (one JSON per dataset/level) and fail on a drop beyond tolerance."
    })
final class EvalGatesCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = "--datasets",
      defaultValue = "../shared/datasets",
      paramLabel = "DIR",
      description = "Directory of the shared datasets (default: ${DEFAULT-VALUE}).")
  Path datasets;

  @Option(
      names = "--configs",
      defaultValue = "datasets/gates",
      paramLabel = "DIR",
      description = "Directory of the gate configs (default: ${DEFAULT-VALUE}).")
  Path configs;

  @Option(
      names = "--cache",
      paramLabel = "DIR",
      description = "Index and vector cache (default: ${XDG_CACHE_HOME:-~/.cache}/recall4j/eval).")
  Path cache;

  @Option(
      names = "--record-vectors",
      description = {
        "Record every gate's reference vectors with the live model (vectors/DATASET.r4rv beside"
            + " the gate files) and name them in the gate files; then re-measure with --update."
      })
  boolean recordVectors;

  @Option(
      names = "--update",
      description = {
        "Run every gate and write what it measured into its file as the expected figures."
      })
  boolean update;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    if (!Files.isDirectory(datasets)) {
      out.println(
          "eval-gates: skipped, datasets directory "
              + datasets.toAbsolutePath().normalize()
              + " not found");
      out.flush();
      return 0;
    }
    if (!Files.isDirectory(configs)) {
      throw new IllegalArgumentException(
          "--configs: no directory "
              + configs.toAbsolutePath().normalize()
              + " (run from the repository root or pass --configs)");
    }
    if (recordVectors && update) {
      throw new IllegalArgumentException(
          "--record-vectors, --update: one at a time (record, then update)");
    }
    StageProgress progress = new StageProgress(spec.commandLine().getErr(), "gate");
    Path cacheDir = cache != null ? cache : EvalOptions.defaultCacheDir();
    Gates.Report report;
    try {
      if (recordVectors) {
        for (Path file : Gates.recordVectors(datasets, configs, Embedders::inProcess, progress)) {
          out.println("recorded " + file);
        }
        out.println("now re-measure the figures: bin/recall4j eval-gates --update");
        out.flush();
        return 0;
      }
      report =
          update
              ? Gates.update(datasets, configs, cacheDir, Embedders::inProcess, progress)
              : Gates.run(datasets, configs, cacheDir, Embedders::inProcess, progress);
    } finally {
      progress.finish();
    }
    out.print(report.table());
    out.flush();
    return report.passed() ? 0 : 1;
  }
}
