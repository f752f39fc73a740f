package dev.recall4j.cli;

import dev.recall4j.core.Scope;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.IndexWrites;
import dev.recall4j.engine.SessionEnd;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * A session's ("local") records: {@code session end ID} archives or drops them, as {@code
 * sessions.on_end} says (the configuration of the process that writes: a running {@code serve}'s
 * when one holds the index).
 */
@Command(
    name = "session",
    description = "Session-local records: end a session (archive or drop its records).",
    subcommands = SessionCommand.End.class)
final class SessionCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return 2;
  }

  @Command(
      name = "end",
      description =
          "End a session: its records are archived or dropped, as sessions.on_end says"
              + " (default archive).")
  static final class End implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin EngineOptions options;

    @Parameters(index = "0", paramLabel = "SESSION", description = "The session to end.")
    String session;

    @Override
    public Integer call() throws IOException {
      EngineConfig config = options.config();
      Scope scope = options.scope(config);
      Scope ending = new Scope(scope.namespace(), null, null, session);
      SessionEnd ended;
      try (IndexWrites writes = options.openWrites(config)) {
        ended = writes.endSession(ending);
      }
      spec.commandLine()
          .getOut()
          .printf(
              "ended session %s: %d records %s%n",
              ended.session(),
              ended.ids().size(),
              ended.action() == SessionEnd.Action.DROP ? "dropped" : "archived");
      return 0;
    }
  }
}
