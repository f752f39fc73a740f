package dev.recall4j.server;

import java.util.List;
import java.util.Map;

/**
 * Every tool the server offers, defined once: its wire name, the handler that runs it, and its
 * routes in the JSON API. Its description and argument schema are published in {@code tools.json}
 * ({@link #spec()}), which MCP lists and {@link Arguments} checks calls against; {@code ToolTest}
 * keeps the two in step. MCP and the JSON API both derive their tools from this enumeration.
 */
enum Tool {
  RECALL("memory_recall", RecallTools::recall, Route.post("recall")),
  SEARCH("memory_search", ReadTools::search, Route.post("search")),
  APPEND("memory_append", WriteTools::append, Route.post("records")),
  CONTEXT("memory_context", RecallTools::context, Route.post("context")),
  GET("memory_get", ReadTools::get, Route.get("records/{id}"), Route.get("files")),
  LIST("memory_list", ReadTools::list, Route.get("records")),
  FORGET("memory_forget", WriteTools::forget, Route.delete("records/{id}")),
  SUPERSEDE("memory_supersede", WriteTools::supersede, Route.post("records/{id}/supersede")),
  STATS("memory_stats", StatsTools::stats, Route.get("stats")),
  RECORD_SESSION("memory_record_session", StatsTools::recordSession, Route.post("sessions")),
  SESSION_END("memory_session_end", WriteTools::endSession, Route.post("sessions/end"));

  /** Runs one call of a tool. */
  @FunctionalInterface
  interface Handler {
    /**
     * @throws IllegalArgumentException naming the argument at fault; nothing was changed
     * @throws IllegalStateException when the operation is off (statistics disabled)
     */
    Answer handle(Call call);
  }

  /** A JSON API request's tool and the record id its path names (null when none). */
  record Routed(Tool tool, String id) {}

  private static final Map<String, ToolSpec> PUBLISHED = ToolCatalog.read();

  static {
    for (Tool tool : values()) {
      if (!PUBLISHED.containsKey(tool.wireName)) {
        throw new IllegalStateException("tools.json does not publish " + tool.wireName);
      }
    }
  }

  private final String wireName;
  private final Handler handler;
  private final List<Route> routes;

  Tool(String wireName, Handler handler, Route... routes) {
    this.wireName = wireName;
    this.handler = handler;
    this.routes = List.of(routes);
  }

  /** The name clients call it by, e.g. {@code memory_recall}. */
  String wireName() {
    return wireName;
  }

  /** Its description and argument schema, as {@code tools.json} publishes them. */
  ToolSpec spec() {
    return PUBLISHED.get(wireName);
  }

  Handler handler() {
    return handler;
  }

  /** The tool of that wire name. */
  static Tool named(String wireName) {
    for (Tool tool : values()) {
      if (tool.wireName.equals(wireName)) {
        return tool;
      }
    }
    throw new IllegalArgumentException("no tool named " + wireName);
  }

  /** The tool of a JSON API request (its path below {@code /v1/} in segments), or null. */
  static Routed route(String method, List<String> parts) {
    for (Tool tool : values()) {
      for (Route route : tool.routes) {
        if (route.matches(method, parts)) {
          return new Routed(tool, route.id(parts));
        }
      }
    }
    return null;
  }
}
