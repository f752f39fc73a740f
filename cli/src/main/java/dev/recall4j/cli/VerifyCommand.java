package dev.recall4j.cli;

import dev.recall4j.core.store.IntegrityReport;
import dev.recall4j.engine.IndexRepair;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code verify}: checks every index file and decodes every record; exit 0 clean, 1 damaged. */
@Command(
    name = "verify",
    description = {
      "Check the index for damage: exit 0 when clean, 1 when damaged.",
      "Lucene's checksums and structures, then every record decoded; names the damaged files and"
          + " record ids."
    })
final class VerifyCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin EngineOptions options;

  @Override
  public Integer call() throws IOException {
    Path index = options.config().indexDir();
    IntegrityReport report = IndexRepair.verify(options.config(), options.wait);
    PrintWriter out = spec.commandLine().getOut();
    if (report.clean()) {
      out.printf("index %s is clean: %d records read%n", index, report.recordsChecked());
      return 0;
    }
    out.printf(
        "index %s is DAMAGED: %d records read, %d unreadable%n",
        index, report.recordsChecked(), report.damagedRecords().size());
    report.damagedFiles().forEach(f -> out.println("damaged file: " + f));
    report
        .damagedRecords()
        .forEach(r -> out.println("unreadable record: " + r.id() + " (" + r.problem() + ")"));
    report.problems().forEach(p -> out.println("problem: " + p));
    out.printf(
        "to recover: import your last export into a new index, or run `recall4j repair --index %s`"
            + " (it writes a new index from every record that still reads)%n",
        index);
    return 1;
  }
}
