package dev.recall4j.budget;

import dev.recall4j.core.Checks;
import java.util.EnumMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The words of a rendered block an agent may expect to be its own: the title line of the grouped
 * block, the XML tag of the {@code xml} renderer and the section headings. Agents' prompts refer to
 * their block by these words (the seeds each use their own), so they are settings, not constants.
 *
 * @param title the grouped block's first line, without brackets ({@code memory context})
 * @param xmlTag the element name of the {@code xml} renderer ({@code memory-context})
 * @param headings a heading per section; a section not in the map keeps its {@link Section#label()}
 * @param sourceContext {@code budget.render_source_context}: whether a record's source context
 *     (what the configuration says its source is) is rendered with it, as a line of its own in the
 *     text blocks and a {@code source_context} key in {@code json}; off by default
 */
public record RenderOptions(
    String title, String xmlTag, Map<Section, String> headings, boolean sourceContext) {
  private static final Pattern XML_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.-]*");

  /** The labels recall4j has always rendered. */
  public static final RenderOptions DEFAULT =
      new RenderOptions("memory context", "memory-context", Map.of(), false);

  public RenderOptions {
    title = oneLine(title, "title");
    Checks.notBlank(xmlTag, "xml_tag");
    Checks.require(
        XML_NAME.matcher(xmlTag).matches(),
        "xml_tag",
        "must be an XML element name (a letter or _, then letters, digits, _ . -), got \"%s\"",
        xmlTag);
    Checks.notNull(headings, "headings");
    EnumMap<Section, String> copy = new EnumMap<>(Section.class);
    headings.forEach(
        (section, heading) ->
            copy.put(
                Checks.notNull(section, "headings"),
                oneLine(heading, "headings." + section.name().toLowerCase(java.util.Locale.ROOT))));
    headings = Map.copyOf(copy);
  }

  /** These words, the source context not rendered. */
  public RenderOptions(String title, String xmlTag, Map<Section, String> headings) {
    this(title, xmlTag, headings, false);
  }

  /** The heading of a section: the configured one, else its label. */
  public String heading(Section section) {
    return headings.getOrDefault(section, section.label());
  }

  /** The same options with another title. */
  public RenderOptions withTitle(String newTitle) {
    return new RenderOptions(newTitle, xmlTag, headings, sourceContext);
  }

  /** The same options with another XML tag. */
  public RenderOptions withXmlTag(String tag) {
    return new RenderOptions(title, tag, headings, sourceContext);
  }

  /** The same options with one more section heading. */
  public RenderOptions withHeading(Section section, String heading) {
    EnumMap<Section, String> more = new EnumMap<>(Section.class);
    more.putAll(headings);
    more.put(section, heading);
    return new RenderOptions(title, xmlTag, more, sourceContext);
  }

  /** The same options, rendering source contexts or not. */
  public RenderOptions withSourceContext(boolean render) {
    return new RenderOptions(title, xmlTag, headings, render);
  }

  /**
   * The source context line of an entry under these options: {@code indent(source: CONTEXT)} and a
   * line break, or {@code ""} when off or the record has none.
   */
  String sourceLine(Renderer.Entry entry, String indent) {
    String context = entry.scored().sourceContext();
    if (!sourceContext || context == null || context.isBlank()) {
      return "";
    }
    return indent + "(source: " + context.strip().replaceAll("\\s+", " ") + ")\n";
  }

  private static String oneLine(String text, String field) {
    Checks.notBlank(text, field);
    Checks.require(
        text.indexOf('\n') < 0 && text.indexOf('\r') < 0,
        field,
        "must be one line, got \"%s\"",
        Checks.excerpt(text));
    return text.strip();
  }
}
