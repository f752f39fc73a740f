package dev.recall4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Set;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code --help} and {@code -h} on every registered subcommand, so new ones are covered too. */
class HelpTest {
  record Run(int exit, String out, String err) {}

  static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(exit, out.toString(), err.toString());
  }

  static Set<String> subcommands() {
    return Main.commandLine(new Main(), Main.COMMANDS).getSubcommands().keySet();
  }

  @Test
  void everySubcommandPrintsItsUsageAndExitsZero() {
    for (String name : subcommands()) {
      for (String flag : new String[] {"--help", "-h"}) {
        Run help = run(name, flag);
        assertEquals(0, help.exit(), name + " " + flag + ": " + help.err());
        assertTrue(help.out().contains("Usage: recall4j " + name), name + ": " + help.out());
        assertEquals("", help.err(), name + " " + flag);
      }
    }
  }

  @Test
  void rootHelpListsEveryCommandWithUntruncatedDescriptions() {
    Run help = run("--help");
    assertEquals(0, help.exit(), help.err());
    for (String name : subcommands()) {
      assertTrue(help.out().contains("  " + name), name + " missing from: " + help.out());
    }
    assertTrue(help.out().contains("eval-gates"), help.out());
    CommandLine root = Main.commandLine(new Main(), Main.COMMANDS);
    for (CommandLine sub : root.getSubcommands().values()) {
      String[] description = sub.getCommandSpec().usageMessage().description();
      if (description.length > 0 && !sub.getCommandSpec().helpCommand()) {
        String first = description[0].strip();
        assertTrue(help.out().contains(first), "cut: " + first);
      }
    }
    assertFalse(help.out().isBlank());
  }

  @Test
  void aCommandLineBuildsOnlyTheCommandItNames() {
    assertEquals(
        java.util.List.of(RecallCommand.class),
        Main.commandsFor(new String[] {"--verbose", "recall", "--query", "tide"}));
    assertEquals(Main.COMMANDS, Main.commandsFor(new String[] {"help", "recall"}));
    assertEquals(Main.COMMANDS, Main.commandsFor(new String[] {"recal", "--query", "tide"}));
    assertEquals(Main.COMMANDS, Main.commandsFor(new String[] {"--help"}));
    Run typo = run("recal", "--query", "tide");
    assertEquals(2, typo.exit());
    assertTrue(typo.err().contains("Did you mean: recall4j recall"), typo.err());
  }

  @Test
  void noCommandIsAUsageErrorThatListsEveryCommand() {
    Run bare = run();
    assertEquals(2, bare.exit());
    assertTrue(bare.err().startsWith("missing command"), bare.err());
    for (String name : java.util.List.of("recall", "search", "add", "sync", "serve", "verify")) {
      assertTrue(bare.err().contains("  " + name), name + " missing from: " + bare.err());
    }
  }
}
