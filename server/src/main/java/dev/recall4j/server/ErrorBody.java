package dev.recall4j.server;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The one shape of every error the server answers (docs/JSON.md, "Errors"): {@code {"error":
 * MESSAGE, "code": CODE, "argument": NAME or null}}. It is the body of every {@code /v1} and {@code
 * /health} error and of the server's refusals, the {@code structuredContent} of an MCP tool error
 * ({@code isError}) and the {@code data} of a JSON-RPC error on {@code /mcp}, so a client reads one
 * shape whichever way it came in. The message is one line; never a stack trace.
 *
 * @param code a word for the kind of error (see {@link #forStatus})
 * @param message what went wrong, in one line
 * @param argument the argument to blame, or null
 */
record ErrorBody(String code, String message, String argument) {
  /** JSON-RPC's words for its own codes. */
  static final String PARSE_ERROR = "parse_error";

  static final String INVALID_REQUEST = "invalid_request";
  static final String INVALID_PARAMS = "invalid_params";

  /**
   * The error of a refused argument or request, naming the argument when one is to blame: {@code
   * forbidden} for a namespace the caller is not granted ({@link NotGranted}), else {@code
   * invalid_argument}.
   */
  static ErrorBody of(IllegalArgumentException e) {
    return new ErrorBody(
        e instanceof NotGranted ? "forbidden" : "invalid_argument",
        e.getMessage(),
        e instanceof ArgumentException a ? a.argument() : null);
  }

  /** An error answered with this HTTP status, its code the status's word. */
  static ErrorBody forStatus(int status, String message) {
    String code =
        switch (status) {
          case 400 -> "invalid_argument";
          case 401 -> "unauthorized";
          case 403 -> "forbidden";
          case 404 -> "not_found";
          case 408 -> "timeout";
          case 409 -> "conflict";
          case 413 -> "too_large";
          case 503 -> "unavailable";
          default -> "internal";
        };
    return new ErrorBody(code, message, null);
  }

  /** The JSON object, fields in the documented order. */
  Map<String, Object> shape() {
    Map<String, Object> shape = new LinkedHashMap<>();
    shape.put("error", message);
    shape.put("code", code);
    shape.put("argument", argument);
    return shape;
  }

  /** Answers this error as the body of an HTTP response of {@code status}. */
  void send(HttpServletResponse response, int status) throws IOException {
    JsonBodies.send(response, status, shape());
  }
}
