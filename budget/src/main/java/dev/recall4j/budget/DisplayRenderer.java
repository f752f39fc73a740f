package dev.recall4j.budget;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Wire;
import java.util.Locale;

/**
 * A listing for people at a terminal: one {@code == section ==} header per group and one line per
 * result with its score (or {@code pinned}), id, silo/kind and origin, then the text. It is meant
 * to show every result, so callers render it directly ({@code display().render(entries)}) rather
 * than packing with it.
 */
final class DisplayRenderer implements Renderer {
  static final DisplayRenderer INSTANCE = new DisplayRenderer(RenderOptions.DEFAULT);

  private final RenderOptions options;

  DisplayRenderer(RenderOptions options) {
    this.options = options;
  }

  @Override
  public String name() {
    return "display";
  }

  @Override
  public String open() {
    return "";
  }

  @Override
  public String close() {
    return "";
  }

  @Override
  public String sectionHeader(Section section) {
    return "== " + options.heading(section) + " ==\n";
  }

  @Override
  public String separator() {
    return "";
  }

  @Override
  public String itemPrefix(Entry entry) {
    MemoryRecord record = entry.scored().record();
    String score =
        entry.pinned() ? "pinned" : String.format(Locale.ROOT, "%.4f", entry.scored().finalScore());
    StringBuilder out = new StringBuilder();
    out.append(String.format(Locale.ROOT, "%8s  ", score))
        .append(record.id())
        .append("  ")
        .append(Wire.name(record.silo()))
        .append('/')
        .append(record.kind().name());
    if (record.origin() != null) {
      out.append("  ").append(BlockRenderer.originLabel(record.origin()));
    }
    if (entry.truncated()) {
      out.append("  (truncated)");
    }
    out.append("\n          ");
    if (record.title() != null) {
      out.append(record.title()).append(": ");
    }
    return out.toString();
  }

  @Override
  public String body(String text) {
    return text.strip().replace("\r\n", "\n").replace('\r', '\n').replace("\n", "\n          ");
  }

  @Override
  public String itemSuffix(Entry entry) {
    return "\n" + options.sourceLine(entry, "          ");
  }

  @Override
  public String toString() {
    return name();
  }
}
