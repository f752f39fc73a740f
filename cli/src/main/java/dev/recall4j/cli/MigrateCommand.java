package dev.recall4j.cli;

import dev.recall4j.engine.ConfigFile;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.StoreCopy;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code recall4j migrate --to CONFIG}: copies every record of the configured store into the store
 * another configuration names (the in-process index to an OpenSearch cluster, and back), then
 * compares the counts and a sample of records; exits 1 when anything is missing or differs.
 */
@Command(
    name = "migrate",
    description = {
      "Copy every record (vectors, statistics, lifecycle; every namespace) from the configured store",
      "into the empty store another configuration names, e.g. the in-process index to an OpenSearch",
      "cluster and back; then compare the counts and a sample of records."
    })
final class MigrateCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin EngineOptions options;

  @Option(
      names = "--to",
      required = true,
      paramLabel = "CONFIG",
      description = "The configuration (recall4j.yaml) whose store receives the records.")
  Path to;

  @Option(
      names = "--batch",
      defaultValue = "1000",
      paramLabel = "N",
      description = "Records per write (default: ${DEFAULT-VALUE}).")
  int batch;

  @Option(
      names = "--sample",
      defaultValue = "1000",
      paramLabel = "N",
      description = "Records read back from the target and compared (default: ${DEFAULT-VALUE}).")
  int sample;

  @Override
  public Integer call() throws IOException {
    if (batch < 1) {
      throw new IllegalArgumentException("--batch: must be >= 1, got " + batch);
    }
    if (sample < 0) {
      throw new IllegalArgumentException("--sample: must be >= 0, got " + sample);
    }
    EngineConfig from = options.config();
    EngineConfig target;
    try {
      target = ConfigFile.read(to);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--to: " + e.getMessage(), e);
    }
    PrintWriter err = spec.commandLine().getErr();
    ProgressBar bar = new ProgressBar(err, "migrate");
    StoreCopy.Outcome outcome;
    try {
      outcome = StoreCopy.copy(from, target, batch, sample, options.wait, bar::update);
    } finally {
      bar.finish();
    }
    PrintWriter out = spec.commandLine().getOut();
    out.printf(
        "copied %d records from %s to %s%n"
            + "records: %d in the source, %d in the target%n"
            + "sample: %d records read back, %d differing%s%n",
        outcome.copied(),
        outcome.from(),
        outcome.to(),
        outcome.sourceRecords(),
        outcome.targetRecords(),
        outcome.sampled(),
        outcome.differing().size(),
        outcome.differing().isEmpty() ? "" : " (" + String.join(", ", outcome.differing()) + ")");
    out.flush();
    if (!outcome.complete()) {
      err.println("migrate: the target does not hold every record as the source does");
      return 1;
    }
    return 0;
  }
}
