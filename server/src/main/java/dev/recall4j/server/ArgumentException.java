package dev.recall4j.server;

/**
 * A refused argument of a tool call: {@code argument 'NAME': problem}, naming it for the answer.
 */
class ArgumentException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String argument;

  ArgumentException(String argument, String problem) {
    super("argument '" + argument + "': " + problem);
    this.argument = argument;
  }

  String argument() {
    return argument;
  }
}
