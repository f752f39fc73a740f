package dev.recall4j.datasets.cli;

import dev.recall4j.engine.cli.CliExtension;
import java.util.List;

/** Adds {@code eval} and {@code eval-gates} to {@code bin/recall4j} (registered for ServiceLoader). */
public final class DatasetsCli implements CliExtension {
  @Override
  public List<Object> commands() {
    return List.of(new EvalCommand(), new EvalGatesCommand());
  }
}
