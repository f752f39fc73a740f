package dev.recall4j.server;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tools the server offers, read once from {@code tools.json} beside this class: one file holds
 * every name, description and schema, so MCP, the JSON API and argument checking agree.
 */
final class ToolCatalog {
  private static final Map<String, ToolSpec> TOOLS = load();

  private ToolCatalog() {}

  static List<ToolSpec> all() {
    return List.copyOf(TOOLS.values());
  }

  static ToolSpec named(String name) {
    ToolSpec spec = TOOLS.get(name);
    if (spec == null) {
      throw new IllegalArgumentException("no tool named " + name);
    }
    return spec;
  }

  private static Map<String, ToolSpec> load() {
    try (InputStream in = ToolCatalog.class.getResourceAsStream("tools.json")) {
      List<Map<String, Object>> raw =
          new ObjectMapper().readValue(in, new TypeReference<List<Map<String, Object>>>() {});
      Map<String, ToolSpec> tools = new LinkedHashMap<>();
      for (Map<String, Object> tool : raw) {
        @SuppressWarnings("unchecked")
        Map<String, Object> schema = (Map<String, Object>) tool.get("inputSchema");
        String name = (String) tool.get("name");
        tools.put(name, new ToolSpec(name, (String) tool.get("description"), schema));
      }
      return java.util.Collections.unmodifiableMap(tools);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the server's tools.json", e);
    }
  }
}
