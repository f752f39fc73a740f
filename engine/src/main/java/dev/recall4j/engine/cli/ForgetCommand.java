package dev.recall4j.engine.cli;

import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.RecallEngine;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "forget", description = "Soft-delete a record: kept for audit, never recalled again.")
final class ForgetCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin EngineOptions options;

  @Parameters(index = "0", paramLabel = "ID")
  String id;

  @Override
  public Integer call() throws IOException {
    EngineConfig config = options.config();
    try (RecallEngine engine = RecallEngine.open(config)) {
      engine.forget(options.scope(config), id);
    }
    spec.commandLine().getOut().println("forgot " + id);
    return 0;
  }
}
