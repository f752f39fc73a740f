package dev.recall4j.cli;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.RecordJson;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "show", description = "Print one record as JSON (any status).")
final class ShowCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin EngineOptions options;

  @Parameters(index = "0", paramLabel = "ID")
  String id;

  @Override
  public Integer call() throws IOException {
    EngineConfig config = options.config();
    try (RecallEngine engine = options.openReadOnlyWithoutModel(config)) {
      MemoryRecord record =
          engine
              .get(options.scope(config), options.teams(), id)
              .orElseThrow(
                  () ->
                      new IllegalArgumentException(
                          "id: no record \""
                              + id
                              + "\" in namespace "
                              + options.scope(config).namespace()));
      spec.commandLine().getOut().println(RecordJson.write(record, false));
    }
    return 0;
  }
}
