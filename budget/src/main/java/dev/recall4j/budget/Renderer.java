package dev.recall4j.budget;

import dev.recall4j.core.Checks;
import dev.recall4j.core.ScoredRecord;
import java.util.List;

/**
 * Turns packed entries into the text an agent injects. A renderer is split into pieces (frame,
 * section headers, group headers, and each entry's prefix, body and suffix) so that the {@link
 * Packer} can count what every entry adds, and then count the exact final string, before committing
 * to it.
 *
 * <p>The rendered text is {@code open()}, then for each run of entries of one section its {@code
 * sectionHeader}, each entry as {@code itemPrefix + body(text) + itemSuffix} with {@code
 * separator()} between consecutive entries, then {@code close()}. Within a section, a run of two or
 * more consecutive entries with the same non-null {@link #groupKey} is rendered as one group: the
 * {@link #groupHeader} of its first entry, then each entry as {@code memberPrefix + body(text) +
 * itemSuffix}. No entries render as the empty string.
 *
 * <p>Implementations must be stateless, thread-safe and deterministic; every method returns
 * non-null text.
 */
public interface Renderer {

  /** The name used in configuration and reports: {@code memory-context}, {@code tag}, ... */
  String name();

  /** Text before the first section, e.g. {@code "[memory context]\n"}. */
  String open();

  /** Text after the last entry. */
  String close();

  /** The header of a section, or {@code ""} for renderers without headers. */
  String sectionHeader(Section section);

  /** Text between two consecutive entries. */
  String separator();

  /** What precedes the entry's text: bullet, kind, title, origin... (independent of the text). */
  String itemPrefix(Entry entry);

  /** The entry's text as it appears in the output (escaped, continuation lines indented...). */
  String body(String text);

  /** What follows the entry's text, typically the line break. */
  String itemSuffix(Entry entry);

  /** One entry as rendered: prefix, body and suffix. */
  default String item(Entry entry) {
    return itemPrefix(entry) + body(entry.text()) + itemSuffix(entry);
  }

  /**
   * What consecutive entries of one section must share to be rendered as a group under one header
   * (records of one session share their date; chunks of one document its title), or null when the
   * entry is never grouped. Default null: no grouping, and the other group methods are not called.
   */
  default String groupKey(Entry entry) {
    return null;
  }

  /** The header line of a group, given its first entry: what the members' lines leave out. */
  default String groupHeader(Entry first) {
    return "";
  }

  /** What precedes the text of an entry inside a group. */
  default String memberPrefix(Entry entry) {
    return itemPrefix(entry);
  }

  /** One entry as rendered inside a group: member prefix, body and suffix. */
  default String member(Entry entry) {
    return memberPrefix(entry) + body(entry.text()) + itemSuffix(entry);
  }

  /**
   * The whole rendered text of these entries, in the given order (a section header precedes each
   * run of entries of one section, and a group header each run of entries sharing a group key, so
   * pass them ordered by section, then group); {@code ""} when empty.
   */
  default String render(List<Entry> entries) {
    return Layout.of(this, entries).text();
  }

  /**
   * One record as it is rendered.
   *
   * @param scored the record and its score
   * @param section where it is rendered
   * @param pinned whether it was injected as a pinned record
   * @param text the text shown: the content, or the summary or a cut of the content when space was
   *     short; never blank
   * @param truncated whether {@code text} is less than the full content
   */
  record Entry(
      ScoredRecord scored, Section section, boolean pinned, String text, boolean truncated) {
    public Entry {
      Checks.notNull(scored, "scored");
      Checks.notNull(section, "section");
      Checks.notNull(text, "text");
      Checks.require(!text.isBlank(), "text", "must not be blank");
    }

    /** The record with its full content, in the section {@link Section#of} assigns. */
    public static Entry of(ScoredRecord scored, boolean pinned) {
      Checks.notNull(scored, "scored");
      return new Entry(
          scored, Section.of(scored.record(), pinned), pinned, scored.record().content(), false);
    }

    /** The same entry showing other text. */
    Entry withText(String shorter) {
      return new Entry(scored, section, pinned, shorter, true);
    }
  }
}
