package dev.recall4j.budget;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Origin;
import java.util.regex.Pattern;

/**
 * The grouped plain-text block: an opening line, {@code [section]} headers and one {@code - } line
 * per record. Line breaks inside a record's text become an indented continuation so that a line of
 * content can never be read as a section header.
 */
final class BlockRenderer implements Renderer {
  private static final Pattern BLANKS = Pattern.compile("\\s+");
  static final BlockRenderer MEMORY_CONTEXT = grouped(RenderOptions.DEFAULT);
  static final BlockRenderer TAG = xml(RenderOptions.DEFAULT);

  private final String name;
  private final String open;
  private final String close;
  private final RenderOptions options;

  private BlockRenderer(String name, String open, String close, RenderOptions options) {
    this.name = name;
    this.open = open;
    this.close = close;
    this.options = options;
  }

  /** {@code [title]} on the first line, then the sections. */
  static BlockRenderer grouped(RenderOptions options) {
    return new BlockRenderer("grouped", "[" + options.title() + "]\n", "", options);
  }

  /** The sections inside {@code <tag>} ... {@code </tag>}. */
  static BlockRenderer xml(RenderOptions options) {
    String tag = options.xmlTag();
    return new BlockRenderer("xml", "<" + tag + ">\n", "</" + tag + ">", options);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String open() {
    return open;
  }

  @Override
  public String close() {
    return close;
  }

  @Override
  public String sectionHeader(Section section) {
    return "[" + options.heading(section) + "]\n";
  }

  @Override
  public String separator() {
    return "";
  }

  /**
   * {@code - } then, in {@code relevant experience}, {@code kind: description. } (the seeds' {@code
   * kind: description. summary} line, the title being the description); elsewhere the kind only
   * when it is not the section's own, the origin {@code (path#chunk)} of knowledge, and the title
   * followed by a colon.
   */
  @Override
  public String itemPrefix(Entry entry) {
    MemoryRecord record = entry.scored().record();
    StringBuilder prefix =
        new StringBuilder("- ").append(kindLabel(entry)).append(originLabel(entry));
    if (record.title() != null) {
      String title = oneLine(record.title());
      prefix.append(title);
      if (entry.section() == Section.RELEVANT_EXPERIENCE) {
        prefix.append(endsSentence(title) ? " " : ". ");
      } else {
        prefix.append(": ");
      }
    }
    return prefix.toString();
  }

  /**
   * Ranked records with a title are grouped by kind label and title: the turns of one conversation
   * session share their date, the chunks of one document its title, and repeating them on every
   * line cost a third of a LoCoMo turn's line (docs/RESULTS.md, "Budget-aware recall"). Pinned
   * records are never grouped, so that their lines read the same in every recall.
   */
  @Override
  public String groupKey(Entry entry) {
    String title = entry.scored().record().title();
    return entry.pinned() || title == null ? null : kindLabel(entry) + '\u0000' + oneLine(title);
  }

  /** {@code - kind: title:} on a line of its own (no second colon after a sentence). */
  @Override
  public String groupHeader(Entry first) {
    String title = oneLine(first.scored().record().title());
    return "- " + kindLabel(first) + title + (endsSentence(title) ? "\n" : ":\n");
  }

  /** An indented bullet, then the origin of knowledge: what is not shared with the group. */
  @Override
  public String memberPrefix(Entry entry) {
    return "  - " + originLabel(entry);
  }

  private static String kindLabel(Entry entry) {
    MemoryRecord record = entry.scored().record();
    return entry.section().owns(record.kind()) ? "" : record.kind().name() + ": ";
  }

  private static String originLabel(Entry entry) {
    Origin origin = entry.scored().record().origin();
    return entry.section() == Section.KNOWLEDGE && origin != null
        ? "(" + originLabel(origin) + ") "
        : "";
  }

  @Override
  public String body(String text) {
    return text.strip().replace("\r\n", "\n").replace('\r', '\n').replace("\n", "\n  ");
  }

  @Override
  public String itemSuffix(Entry entry) {
    return "\n" + options.sourceLine(entry, "  ");
  }

  /**
   * The title with every run of whitespace as one space (no regex for the usual title that has
   * none).
   */
  private static String oneLine(String title) {
    for (int i = 0; i < title.length(); i++) {
      char c = title.charAt(i);
      if (Character.isWhitespace(c) && (c != ' ' || (i > 0 && title.charAt(i - 1) == ' '))) {
        return BLANKS.matcher(title).replaceAll(" ");
      }
    }
    return title;
  }

  static String originLabel(Origin origin) {
    return origin.chunk() >= 0 ? origin.path() + "#" + origin.chunk() : origin.path();
  }

  private static boolean endsSentence(String title) {
    char last = title.charAt(title.length() - 1);
    return last == '.' || last == '!' || last == '?' || last == ':';
  }

  @Override
  public String toString() {
    return name;
  }
}
