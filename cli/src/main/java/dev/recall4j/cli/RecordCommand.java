package dev.recall4j.cli;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Wire;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.IndexWrites;
import dev.recall4j.engine.IndexWrites.Change;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The lifecycle commands: each changes the state of one record by id, in the scope of {@code
 * --namespace} and {@code --project}, and prints {@code <done> <id> (status <s>, tier <t>)}. One
 * class serves every {@link Verb}; the verb gives the command its name and description.
 */
@Command
final class RecordCommand implements Callable<Integer> {
  /** The lifecycle commands, in the order {@code --help} lists them. */
  enum Verb {
    FORGET(
        "forget",
        Change.FORGET,
        "forgot",
        true,
        "Soft-delete a record: kept for audit, never recalled again."),
    ARCHIVE(
        "archive",
        Change.ARCHIVE,
        "archived",
        true,
        "Move a record to the archived tier: recalled only with --include-archived."),
    UNARCHIVE(
        "unarchive",
        Change.UNARCHIVE,
        "unarchived",
        true,
        "Bring an archived record back to the active tier."),
    PIN(
        "pin",
        Change.PIN,
        "pinned",
        true,
        "Pin a record (always_load): injected first in every recall of its scope."),
    UNPIN(
        "unpin",
        Change.UNPIN,
        "unpinned",
        true,
        "Return a pinned record to the active tier (recalled by relevance)."),
    // A purged record has no state left to show.
    PURGE(
        "purge",
        Change.PURGE,
        "purged",
        false,
        "Delete a record for good (no audit copy is kept).");

    final String command;
    final Change change;
    final String done;
    final boolean showsState;
    final String description;

    /**
     * @param command the subcommand's name
     * @param change the port call it makes
     * @param done the past participle printed on success
     * @param showsState whether the record's status and tier are printed after its id
     */
    Verb(String command, Change change, String done, boolean showsState, String description) {
      this.command = command;
      this.change = change;
      this.done = done;
      this.showsState = showsState;
      this.description = description;
    }

    /** This verb's subcommand, named and described. */
    CommandLine commandLine() {
      CommandLine cli = new CommandLine(new RecordCommand(this));
      cli.getCommandSpec().name(command).usageMessage().description(description);
      return cli;
    }
  }

  private final Verb verb;

  @Spec CommandSpec spec;
  @Mixin EngineOptions options;

  @Parameters(index = "0", paramLabel = "ID")
  String id;

  private RecordCommand(Verb verb) {
    this.verb = verb;
  }

  @Override
  public Integer call() throws IOException {
    EngineConfig config = options.config();
    MemoryRecord after;
    try (IndexWrites writes = options.openRecordWrites(config)) {
      after = writes.change(verb.change, options.scope(config), id);
    }
    String state =
        verb.showsState
            ? " (status " + Wire.name(after.status()) + ", tier " + Wire.name(after.tier()) + ")"
            : "";
    spec.commandLine().getOut().println(verb.done + " " + id + state);
    return 0;
  }
}
