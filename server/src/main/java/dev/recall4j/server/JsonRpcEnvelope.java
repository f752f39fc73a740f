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
 */
final class JsonRpcEnvelope implements Filter {
  static final int PARSE_ERROR = -32700;
  static final int INVALID_REQUEST = -32600;

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
      error((HttpServletResponse) res, null, PARSE_ERROR, "Parse error: the body is not JSON");
      return;
    }
    String problem = problem(message);
    if (problem != null) {
      JsonNode id = message != null && message.isObject() ? validId(message.get("id")) : null;
      error((HttpServletResponse) res, id, INVALID_REQUEST, "Invalid Request: " + problem);
      return;
    }
    chain.doFilter(req, res);
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

  private static void error(HttpServletResponse response, JsonNode id, int code, String message)
      throws IOException {
    ObjectNode body = JSON.createObjectNode().put("jsonrpc", "2.0");
    body.set("id", id);
    body.putObject("error").put("code", code).put("message", message);
    response.setStatus(400);
    response.setContentType("application/json");
    response.setCharacterEncoding("UTF-8");
    JSON.writeValue(response.getOutputStream(), body);
  }
}
