package dev.recall4j.cli;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Wire;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.server.IndexWrites;
import dev.recall4j.server.IndexWrites.Change;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * A command that changes the state of one record by id, in the scope of {@code --namespace} and
 * {@code --project}, and prints {@code <verb> <id> (status <s>, tier <t>)}; the record commands are
 * its nested classes.
 */
abstract class RecordCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin EngineOptions options;

  @Parameters(index = "0", paramLabel = "ID")
  String id;

  /** The change this command makes. */
  abstract Change change();

  /** The past participle printed on success, e.g. {@code archived}. */
  abstract String verb();

  @Override
  public Integer call() throws IOException {
    EngineConfig config = options.config();
    MemoryRecord after;
    try (IndexWrites writes = options.openWrites(config)) {
      after = writes.change(change(), options.scope(config), id);
    }
    spec.commandLine().getOut().println(verb() + " " + id + state(after));
    return 0;
  }

  /** What is printed after the id: the record's status and tier now. */
  String state(MemoryRecord after) {
    return " (status " + Wire.name(after.status()) + ", tier " + Wire.name(after.tier()) + ")";
  }

  @Command(
      name = "forget",
      description = "Soft-delete a record: kept for audit, never recalled again.")
  static final class Forget extends RecordCommand {
    @Override
    Change change() {
      return Change.FORGET;
    }

    @Override
    String verb() {
      return "forgot";
    }
  }

  @Command(
      name = "archive",
      description = "Move a record to the archived tier: recalled only with --include-archived.")
  static final class Archive extends RecordCommand {
    @Override
    Change change() {
      return Change.ARCHIVE;
    }

    @Override
    String verb() {
      return "archived";
    }
  }

  @Command(name = "unarchive", description = "Bring an archived record back to the active tier.")
  static final class Unarchive extends RecordCommand {
    @Override
    Change change() {
      return Change.UNARCHIVE;
    }

    @Override
    String verb() {
      return "unarchived";
    }
  }

  @Command(
      name = "pin",
      description = "Pin a record (always_load): injected first in every recall of its scope.")
  static final class Pin extends RecordCommand {
    @Override
    Change change() {
      return Change.PIN;
    }

    @Override
    String verb() {
      return "pinned";
    }
  }

  @Command(
      name = "unpin",
      description = "Return a pinned record to the active tier (recalled by relevance).")
  static final class Unpin extends RecordCommand {
    @Override
    Change change() {
      return Change.UNPIN;
    }

    @Override
    String verb() {
      return "unpinned";
    }
  }

  @Command(name = "purge", description = "Delete a record for good (no audit copy is kept).")
  static final class Purge extends RecordCommand {
    @Override
    Change change() {
      return Change.PURGE;
    }

    @Override
    String verb() {
      return "purged";
    }

    /** A purged record has no state left to show. */
    @Override
    String state(MemoryRecord before) {
      return "";
    }
  }
}
