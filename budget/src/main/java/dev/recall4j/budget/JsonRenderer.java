package dev.recall4j.budget;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Wire;

/**
 * A JSON array, one object per line: {@code {"id", "section", "silo", "kind", "origin"?, "title"?,
 * "source_context"?, "text", "truncated"?}}. Optional keys are present only when set ({@code
 * truncated} only when true), so the output stays small.
 */
final class JsonRenderer implements Renderer {
  static final JsonRenderer INSTANCE = new JsonRenderer(false);

  /** Whether {@code source_context} is written (when the record has one). */
  private final boolean sourceContext;

  JsonRenderer(boolean sourceContext) {
    this.sourceContext = sourceContext;
  }

  @Override
  public String name() {
    return "json";
  }

  @Override
  public String open() {
    return "[\n";
  }

  @Override
  public String close() {
    return "\n]";
  }

  @Override
  public String sectionHeader(Section section) {
    return "";
  }

  @Override
  public String separator() {
    return ",\n";
  }

  @Override
  public String itemPrefix(Entry entry) {
    MemoryRecord record = entry.scored().record();
    StringBuilder out = new StringBuilder("{");
    field(out, "id", record.id());
    field(out, "section", entry.section().label());
    field(out, "silo", Wire.name(record.silo()));
    field(out, "kind", record.kind().name());
    if (record.origin() != null) {
      field(out, "origin", BlockRenderer.originLabel(record.origin()));
    }
    if (record.title() != null) {
      field(out, "title", record.title());
    }
    if (sourceContext && entry.scored().sourceContext() != null) {
      field(out, "source_context", entry.scored().sourceContext());
    }
    return out.append("\"text\":\"").toString();
  }

  @Override
  public String body(String text) {
    StringBuilder out = new StringBuilder(text.length() + 16);
    escape(out, text);
    return out.toString();
  }

  @Override
  public String itemSuffix(Entry entry) {
    return entry.truncated() ? "\",\"truncated\":true}" : "\"}";
  }

  private static void field(StringBuilder out, String key, String value) {
    out.append('"').append(key).append("\":\"");
    escape(out, value);
    out.append("\",");
  }

  /** RFC 8259 string escaping: quote, backslash and control characters. */
  static void escape(StringBuilder out, String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
  }

  @Override
  public String toString() {
    return name();
  }
}
