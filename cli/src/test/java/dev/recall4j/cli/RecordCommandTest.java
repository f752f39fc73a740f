package dev.recall4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.recall4j.engine.IndexWrites.Change;
import java.util.Arrays;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The table of lifecycle verbs: one command per change of the write port, named after it. */
class RecordCommandTest {
  @Test
  void everyChangeOfThePortHasOneCommandOfItsName() {
    assertEquals(
        Arrays.asList(Change.values()),
        Arrays.stream(RecordCommand.Verb.values()).map(v -> v.change).toList());
    for (RecordCommand.Verb verb : RecordCommand.Verb.values()) {
      assertEquals(verb.change.name().toLowerCase(Locale.ROOT), verb.command);
    }
  }

  @Test
  void eachVerbBuildsItsOwnNamedAndDescribedCommand() {
    for (RecordCommand.Verb verb : RecordCommand.Verb.values()) {
      CommandLine cli = verb.commandLine();
      assertEquals(verb.command, cli.getCommandName());
      assertEquals(
          verb.description, cli.getCommandSpec().usageMessage().description()[0], verb.command);
      assertEquals(1, cli.getCommandSpec().positionalParameters().size(), "ID");
    }
  }
}
