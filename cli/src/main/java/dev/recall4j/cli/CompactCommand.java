package dev.recall4j.cli;

import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.IndexWrites;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * Merges the index into one segment. Every search visits every segment, and an agent that writes
 * records one at a time leaves several: at 10K records as batched writes leave them a recall took
 * 1.7-2.0 times as long as compacted (docs/RESULTS.md, "Where a recall's time goes"). {@code
 * ingest} and {@code import} compact at their end; this is the same step on its own, for an index
 * written by an agent. A running {@code serve} that holds the index does it.
 */
@Command(
    name = "compact",
    description = "Merge the index into one segment: faster recall after writes one by one.")
final class CompactCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin EngineOptions options;

  @Override
  public Integer call() throws IOException {
    EngineConfig config = options.config();
    // A mistyped path is an error naming it, as for the reading commands, not a new empty index;
    // the check loads no model.
    options.openReadOnlyWithoutModel(config).close();
    try (IndexWrites writes = options.openWrites(config)) {
      writes.compact();
    }
    spec.commandLine().getOut().printf("compacted %s%n", config.indexDir());
    return 0;
  }
}
