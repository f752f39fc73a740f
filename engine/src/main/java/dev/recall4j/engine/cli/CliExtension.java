package dev.recall4j.engine.cli;

import java.util.List;

/**
 * Adds subcommands to {@code bin/recall4j} from modules the engine cannot depend on (the
 * evaluation runner, the benchmarks). Found with {@link java.util.ServiceLoader}.
 */
public interface CliExtension {
  /** picocli command objects (classes annotated with {@code @Command}). */
  List<Object> commands();
}
