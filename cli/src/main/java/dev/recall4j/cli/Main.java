package dev.recall4j.cli;

import dev.recall4j.core.store.IndexDamagedException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.List;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bin/recall4j}: the command-line face of the engine. Errors are one line on stderr and a
 * non-zero exit (1 for a failure, 2 for a usage error, {@value #EXIT_DAMAGED} when the index is
 * damaged, {@value PartialSync#EXIT} for a partial sync or ingest: some bad files or rows left out,
 * everything else synced); {@code --verbose} adds the stack trace.
 */
@Command(
    name = "recall4j",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Version.class,
    description = "Budget-aware recall for AI agents over one Lucene index.")
public final class Main implements Runnable {
  /**
   * Every subcommand, in the order {@code --help} lists them: a command class, or a lifecycle
   * {@link RecordCommand.Verb}. A command line that names one gets only that one built: picocli
   * reads each command's annotations when it is added, a few hundred milliseconds for all of them
   * in a cold JVM, which a one-shot {@code recall} should not pay.
   */
  static final List<Object> COMMANDS =
      Stream.of(
              Stream.of(
                  QuickstartCommand.class,
                  IngestCommand.class,
                  SyncCommand.class,
                  GetCommand.class,
                  RecallCommand.class,
                  SearchCommand.class,
                  AddCommand.class,
                  ListCommand.class,
                  ShowCommand.class,
                  HistoryCommand.class,
                  SupersedeCommand.class,
                  SessionCommand.class),
              Stream.of(RecordCommand.Verb.values()),
              Stream.of(
                  ExportCommand.class,
                  ImportCommand.class,
                  MigrateCommand.class,
                  StatusCommand.class,
                  StatsCommand.class,
                  ReindexCommand.class,
                  CompactCommand.class,
                  VerifyCommand.class,
                  RepairCommand.class,
                  EvalCommand.class,
                  EvalGatesCommand.class,
                  ServeCommand.class,
                  CommandLine.HelpCommand.class))
          .<Object>flatMap(commands -> commands)
          .toList();

  /**
   * Usage width when the terminal's is unknown (a pipe, a test): wide enough that no description is
   * cut.
   */
  static final int USAGE_WIDTH = 160;

  /** The exit code of a command that found the index damaged ({@link IndexDamagedException}). */
  static final int EXIT_DAMAGED = 3;

  @Option(
      names = "--verbose",
      scope = CommandLine.ScopeType.INHERIT,
      description =
          "Show stack traces of errors, and the libraries' informational logging (config keys"
              + " left to the agent, model and vectorization notices).")
  boolean verbose;

  @Spec CommandSpec spec;

  /** No command named: the error, then the usage with every command listed (exit 2). */
  @Override
  public void run() {
    throw new CommandLine.ParameterException(
        spec.commandLine(), "missing command; see `recall4j --help`");
  }

  public static void main(String[] args) {
    Logging.configure(java.util.Arrays.asList(args).contains("--verbose"));
    System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
  }

  /** Runs one command line with the given streams and returns the exit code. */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    Main main = new Main();
    CommandLine cli = commandLine(main, commandsFor(args));
    cli.setUsageHelpAutoWidth(true);
    cli.setUsageHelpWidth(USAGE_WIDTH);
    cli.setOut(out);
    cli.setErr(err);
    cli.setExecutionExceptionHandler(
        (e, commandLine, parseResult) -> {
          commandLine.getErr().println("recall4j: " + message(e));
          if (main.verbose) {
            e.printStackTrace(commandLine.getErr());
          }
          commandLine.getErr().flush();
          return damaged(e) ? EXIT_DAMAGED : 1;
        });
    return cli.execute(args);
  }

  /** The root command with these subcommands, each with {@code -h}/{@code --help}. */
  static CommandLine commandLine(Main main, List<Object> commands) {
    CommandLine cli = new CommandLine(main);
    for (Object command : commands) {
      cli.addSubcommand(command instanceof RecordCommand.Verb verb ? verb.commandLine() : command);
    }
    withHelpEverywhere(cli);
    return cli;
  }

  /**
   * The subcommand the arguments name (the first one that is not an option), or all of them when
   * they name none that exists: the root's help, or an error that lists the commands.
   */
  static List<Object> commandsFor(String[] args) {
    String named = null;
    for (String arg : args) {
      if (!arg.startsWith("-")) {
        named = arg;
        break;
      }
    }
    if (named == null) {
      return COMMANDS;
    }
    for (Object command : COMMANDS) {
      if (names(command).contains(named)) {
        return List.of(command);
      }
    }
    return COMMANDS;
  }

  /** The names a command line may call a command by; none for {@code help}, which takes names. */
  private static List<String> names(Object command) {
    if (command instanceof RecordCommand.Verb verb) {
      return List.of(verb.command);
    }
    Command annotation = ((Class<?>) command).getAnnotation(Command.class);
    if (annotation == null || command.equals(CommandLine.HelpCommand.class)) {
      return List.of();
    }
    return Stream.concat(Stream.of(annotation.name()), Stream.of(annotation.aliases())).toList();
  }

  /**
   * Gives every subcommand {@code -h}/{@code --help}, so that a command added to the list above
   * gets it without declaring it itself.
   */
  static void withHelpEverywhere(CommandLine command) {
    for (CommandLine sub : command.getSubcommands().values()) {
      CommandLine.Model.CommandSpec spec = sub.getCommandSpec();
      if (!spec.helpCommand() && spec.findOption("--help") == null) {
        spec.addOption(
            CommandLine.Model.OptionSpec.builder("-h", "--help")
                .usageHelp(true)
                .description("Show this help message and exit.")
                .build());
      }
      withHelpEverywhere(sub);
    }
  }

  /**
   * One line that says what went wrong: the message of the exception that has one, with wrappers
   * (unchecked I/O, picocli's execution wrapper) looked through. Some exceptions need words: a
   * file-system error's message is often the bare path, and an exception no input should raise (a
   * bug) is named as one, with what to do.
   */
  static String message(Throwable e) {
    Throwable cause = e;
    while (cause.getCause() != null
        && (cause.getMessage() == null
            || cause instanceof UncheckedIOException
            || cause instanceof CommandLine.ExecutionException)) {
      cause = cause.getCause();
    }
    String text;
    if (cause instanceof FileSystemException fs) {
      text = fileSystem(fs);
    } else if (cause instanceof IllegalArgumentException
        || cause instanceof IllegalStateException
        || cause instanceof IOException) {
      text = cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName();
    } else {
      text =
          "internal error ("
              + cause
              + "); run again with --verbose for the stack trace and report it";
    }
    return text.replaceAll("\\s*\\R\\s*", " ").strip();
  }

  /** Whether the failure, or one of its causes, is damage found in the index. */
  static boolean damaged(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof IndexDamagedException) {
        return true;
      }
    }
    return false;
  }

  private static String fileSystem(FileSystemException e) {
    String file = e.getFile() == null ? "" : ": " + e.getFile();
    String other = e.getOtherFile() == null ? "" : " -> " + e.getOtherFile();
    String what =
        switch (e) {
          case NoSuchFileException x -> "no such file or directory";
          case AccessDeniedException x -> "permission denied";
          case FileAlreadyExistsException x -> "already exists";
          case NotDirectoryException x -> "not a directory";
          case DirectoryNotEmptyException x -> "directory not empty";
          default -> e.getReason() != null ? e.getReason() : "file system error";
        };
    boolean reasonShown = e.getReason() != null && what.equals(e.getReason());
    return what
        + file
        + other
        + (e.getReason() == null || reasonShown ? "" : " (" + e.getReason() + ")");
  }

  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String version = Main.class.getPackage().getImplementationVersion();
      return new String[] {"recall4j " + (version == null ? "(development build)" : version)};
    }
  }
}
