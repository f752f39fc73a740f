package dev.recall4j.server;

/**
 * A call that names a namespace its caller is not granted (a {@code team} its token does not hold):
 * a bad argument, answered 403 by the JSON API and as an error result over MCP, naming the
 * argument.
 */
final class NotGranted extends ArgumentException {
  private static final long serialVersionUID = 1L;

  NotGranted(String argument, String problem) {
    super(argument, problem);
  }
}
