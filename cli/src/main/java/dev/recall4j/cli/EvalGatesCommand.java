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
    StageProgress progress = new StageProgress(spec.commandLine().getErr(), "gate");
    Gates.Report report;
    try {
      report =
          Gates.run(
              datasets,
              configs,
              cache != null ? cache : EvalOptions.defaultCacheDir(),
              Embedders::inProcess,
              progress);
    } finally {
      progress.finish();
    }
    out.print(report.table());
    out.flush();
    return report.passed() ? 0 : 1;
  }
}
