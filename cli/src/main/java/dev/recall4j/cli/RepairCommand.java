package dev.recall4j.cli;

import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.IndexRepair;
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
 * {@code repair}: writes every record of a damaged index that still decodes to a new index, and
 * lists what it lost. The damaged index is only read, never changed.
 */
@Command(
    name = "repair",
    description = {
      "Rebuild a damaged index into a new directory from every record that still reads.",
      "Vectors are kept and the records lost are listed; the damaged index is left untouched."
    })
final class RepairCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin EngineOptions options;

  @Option(
      names = "--out",
      paramLabel = "NEWDIR",
      description =
          "Where to write the new index: a new or empty directory (default: DIR.repaired).")
  Path out;

  @Override
  public Integer call() throws IOException {
    EngineConfig config = options.config();
    Path index = config.indexDir();
    Path target = out != null ? out.toAbsolutePath() : IndexRepair.defaultTarget(index);
    IndexRepair.Outcome outcome = IndexRepair.repair(config, target);
    PrintWriter stdout = spec.commandLine().getOut();
    stdout.printf(
        "wrote %d records to the new index %s; %d records lost, %d later writes lost%n",
        outcome.saved(), target, outcome.lost().size(), outcome.lostWrites().size());
    outcome
        .lost()
        .forEach(r -> stdout.println("lost record: " + r.id() + " (" + r.problem() + ")"));
    outcome
        .lostWrites()
        .forEach(
            id ->
                stdout.println(
                    "lost write: "
                        + id
                        + " (written after the last commit that reads; not in the new index)"));
    outcome.problems().forEach(p -> stdout.println("problem: " + p));
    stdout.printf(
        "the damaged index %s is untouched; to use the new one: mv %s %s.damaged && mv %s %s%n",
        index, index, index, target, index);
    return 0;
  }
}
