package dev.recall4j.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeType;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Checks the JSON-RPC envelope of every {@code POST /mcp} before the MCP SDK reads it (issue 33,
 * item 8): a body that is not JSON is answered {@code -32700 Parse error}, one that is not a
 * JSON-RPC 2.0 message ({@code "jsonrpc": "2.0"}, a string {@code method} or a {@code result} or
 * {@code error}, an {@code id} that is a string, a number or absent) {@code -32600 Invalid
 * Request}, as the JSON-RPC 2.0 specification words them, with HTTP 400 as the MCP streamable HTTP
 * transport asks for input it cannot accept; the body never carries a stack trace. A batch (a JSON
 * array) is an invalid request: MCP (2025-06-18) removed JSON-RPC batching.
 *
 * <p>A {@code tools/call} whose params do not make a call request (no {@code params} object, no
 * string {@code name}, {@code arguments} that is not an object) or that names no tool of this
 * server is answered {@code -32602 Invalid params}, as the MCP specification asks for protocol
 * errors, with HTTP 200 (a well-formed request's answer). Arguments a tool refuses are a tool
 * execution error ({@code isError}) instead, so that the model reads what to correct (MCP
 * 2025-11-25, SEP-1303). Every error's {@code data} is the {@link ErrorBody} shape {@code /v1}
 * answers.
 */
final class JsonRpcEnvelope implements Filter {
  static final int PARSE_ERROR = -32700;
  static final int INVALID_REQUEST = -32600;
  static final int INVALID_PARAMS = -32602;

  private static final ObjectMapper JSON = new ObjectMapper();

  @Override
  public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest request = (HttpServletRequest) req;
    byte[] body = RequestLimits.body(request);
    if (!request.getMethod().equals("POST") || body == null) {
      chain.doFilter(req, res);
      return;
    }
    JsonNode message;
    try {
      message = JSON.readTree(body);
    } catch (JsonProcessingException e) {
      error(
          (HttpServletResponse) res,
          400,
          null,
          PARSE_ERROR,
          new ErrorBody(ErrorBody.PARSE_ERROR, "Parse error: the body is not JSON", null));
      return;
    }
    String problem = problem(message);
    if (problem != null) {
      JsonNode id = message != null && message.isObject() ? validId(message.get("id")) : null;
      error(
          (HttpServletResponse) res,
          400,
          id,
          INVALID_REQUEST,
          new ErrorBody(ErrorBody.INVALID_REQUEST, "Invalid Request: " + problem, null));
      return;
    }
    ErrorBody invalid = invalidCall(message);
    if (invalid != null) {
      error((HttpServletResponse) res, 200, message.get("id"), INVALID_PARAMS, invalid);
      return;
    }
    chain.doFilter(req, res);
  }

  /**
   * What makes a {@code tools/call} request not a call of one of this server's tools, naming the
   * param to blame; null for any other message or a good call.
   */
  static ErrorBody invalidCall(JsonNode message) {
    if (!"tools/call".equals(message.path("method").asText()) || !message.has("id")) {
      return null;
    }
    JsonNode params = message.get("params");
    if (params == null || !params.isObject()) {
      return invalidParam("params", "a tools/call needs a params object");
    }
    JsonNode name = params.get("name");
    if (name == null || !name.isTextual()) {
      return invalidParam("name", "a tools/call names its tool with a string \"name\"");
    }
    JsonNode arguments = params.get("arguments");
    if (arguments != null && !arguments.isNull() && !arguments.isObject()) {
      return invalidParam("arguments", "\"arguments\" must be an object");
    }
    try {
      Tool.named(name.asText());
    } catch (IllegalArgumentException e) {
      return invalidParam(
          "name",
          "Unknown tool: "
              + name.asText()
              + "; the tools are "
              + java.util.Arrays.stream(Tool.values()).map(Tool::wireName).toList());
    }
    return null;
  }

  private static ErrorBody invalidParam(String param, String problem) {
    return new ErrorBody(ErrorBody.INVALID_PARAMS, "Invalid params: " + problem, param);
  }

  /** What makes the message not a JSON-RPC 2.0 request, notification or response; null if none. */
  static String problem(JsonNode message) {
    if (message == null || message.isMissingNode()) {
      return "the body is empty";
    }
    if (message.isArray()) {
      return "batches are not supported (MCP sends one message per request)";
    }
    if (!message.isObject()) {
      return "a message must be a JSON object";
    }
    JsonNode version = message.get("jsonrpc");
    if (version == null || !version.isTextual() || !version.asText().equals("2.0")) {
      return "\"jsonrpc\" must be \"2.0\"";
    }
    JsonNode id = message.get("id");
    if (id != null && validId(id) == null) {
      return "\"id\" must be a string or a number";
    }
    JsonNode method = message.get("method");
    if (method != null) {
      return method.isTextual() ? null : "\"method\" must be a string";
    }
    return message.has("result") || message.has("error")
        ? null
        : "a message needs a \"method\" (or is a response with \"result\" or \"error\")";
  }

  private static JsonNode validId(JsonNode id) {
    return id != null
            && (id.getNodeType() == JsonNodeType.STRING || id.getNodeType() == JsonNodeType.NUMBER)
        ? id
        : null;
  }

  /** A JSON-RPC error response: its message the error's, its data the {@link ErrorBody} shape. */
  private static void error(
      HttpServletResponse response, int status, JsonNode id, int code, ErrorBody error)
      throws IOException {
    ObjectNode body = JSON.createObjectNode().put("jsonrpc", "2.0");
    body.set("id", id);
    ObjectNode object = body.putObject("error").put("code", code).put("message", error.message());
    object.set("data", JSON.valueToTree(error.shape()));
    JsonBodies.send(response, status, body);
  }
}
