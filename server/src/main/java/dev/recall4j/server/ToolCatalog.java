package dev.recall4j.server;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The published tool list, {@code tools.json} beside this class: the description and argument
 * schema of every {@link Tool}, in the order MCP lists them.
 */
final class ToolCatalog {
  private ToolCatalog() {}

  /** Every published tool by name, in file order. */
  static Map<String, ToolSpec> read() {
    try (InputStream in = ToolCatalog.class.getResourceAsStream("tools.json")) {
      List<Map<String, Object>> raw =
          new ObjectMapper().readValue(in, new TypeReference<List<Map<String, Object>>>() {});
      Map<String, ToolSpec> tools = new LinkedHashMap<>();
      for (Map<String, Object> tool : raw) {
        @SuppressWarnings("unchecked")
        Map<String, Object> schema = (Map<String, Object>) tool.get("inputSchema");
        tools.put(
            (String) tool.get("name"), new ToolSpec((String) tool.get("description"), schema));
      }
      return Collections.unmodifiableMap(tools);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the server's tools.json", e);
    }
  }
}
