package dev.recall4j.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bin/recall4j}: the command-line face of the engine. Errors are one line on stderr and a
 * non-zero exit (1 for a failure, 2 for a usage error); {@code --verbose} adds the stack trace.
 */
@Command(
    name = "recall4j",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Version.class,
    description = "Budget-aware recall for AI agents over one Lucene index.",
    subcommands = {
      QuickstartCommand.class,
      IngestCommand.class,
      RecallCommand.class,
      ShowCommand.class,
      HistoryCommand.class,
      SupersedeCommand.class,
      RecordCommand.Forget.class,
      RecordCommand.Archive.class,
      RecordCommand.Unarchive.class,
      RecordCommand.Pin.class,
      RecordCommand.Unpin.class,
      RecordCommand.Purge.class,
      ExportCommand.class,
      ImportCommand.class,
      StatusCommand.class,
      StatsCommand.class,
      ReindexCommand.class,
      EvalCommand.class,
      EvalGatesCommand.class,
      ServeCommand.class,
      CommandLine.HelpCommand.class
    })
public final class Main implements Runnable {
  @Option(
      names = "--verbose",
      scope = CommandLine.ScopeType.INHERIT,
      description = "Show stack traces of errors.")
  boolean verbose;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(
        new CommandLine(this), "missing command; see `recall4j --help`");
  }

  public static void main(String[] args) {
    System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
  }

  /** Runs one command line with the given streams and returns the exit code. */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    Main main = new Main();
    CommandLine cli = new CommandLine(main);
    cli.setOut(out);
    cli.setErr(err);
    cli.setExecutionExceptionHandler(
        (e, commandLine, parseResult) -> {
          commandLine.getErr().println("recall4j: " + message(e));
          if (main.verbose) {
            e.printStackTrace(commandLine.getErr());
          }
          commandLine.getErr().flush();
          return 1;
        });
    return cli.execute(args);
  }

  private static String message(Throwable e) {
    Throwable cause = e;
    while (cause.getMessage() == null && cause.getCause() != null) {
      cause = cause.getCause();
    }
    return cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName();
  }

  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String version = Main.class.getPackage().getImplementationVersion();
      return new String[] {"recall4j " + (version == null ? "(development build)" : version)};
    }
  }
}
