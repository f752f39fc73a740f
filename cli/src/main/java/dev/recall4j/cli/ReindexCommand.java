package dev.recall4j.cli;

import dev.recall4j.core.Embedder;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.Reindexer;
import java.io.IOException;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(
    name = "reindex",
    description = "Re-embed every record with the configured embedding model (resumable).")
final class ReindexCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin EngineOptions options;

  @Override
  public Integer call() throws IOException {
    EngineConfig config = options.config();
    long start = System.nanoTime();
    Reindexer.Outcome outcome;
    try (Embedder embedder = RecallEngine.createEmbedder(config)) {
      ProgressBar bar = new ProgressBar(spec.commandLine().getErr(), "re-embedding");
      outcome = Reindexer.reindex(config, embedder, bar::update, options.wait);
      bar.finish();
    }
    spec.commandLine()
        .getOut()
        .printf(
            Locale.ROOT,
            "reindexed %d records (%d this run%s) from %s to %s in %.1f s%n",
            outcome.records(),
            outcome.embeddedThisRun(),
            outcome.resumed() ? ", resumed" : "",
            outcome.fromModel() == null ? "no vectors" : outcome.fromModel(),
            outcome.toModel() == null ? "no vectors" : outcome.toModel(),
            (System.nanoTime() - start) / 1e9);
    return 0;
  }
}
