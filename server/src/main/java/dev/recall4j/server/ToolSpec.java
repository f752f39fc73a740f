package dev.recall4j.server;

import java.util.Map;
import java.util.Set;

/**
 * A {@link Tool} as {@code tools.json} publishes it: a description an LLM can act on, and the JSON
 * schema of its arguments. MCP lists it; the JSON API takes the same arguments.
 */
record ToolSpec(String description, Map<String, Object> inputSchema) {
  ToolSpec {
    inputSchema = Map.copyOf(inputSchema);
  }

  /** The argument names the schema declares: any other argument is refused. */
  Set<String> argumentNames() {
    return properties().keySet();
  }

  /** The JSON type of an argument ({@code string}, {@code integer}, {@code array}…), or null. */
  String argumentType(String argument) {
    Object property = properties().get(argument);
    return property instanceof Map<?, ?> map ? (String) map.get("type") : null;
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> properties() {
    Object properties = inputSchema.get("properties");
    return properties == null ? Map.of() : (Map<String, Object>) properties;
  }
}
