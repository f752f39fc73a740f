package dev.recall4j.datasets.load;

import dev.recall4j.core.Checks;
import java.time.Instant;
import java.util.List;

/**
 * One retrievable unit of a relevance dataset: an abstract, a dialog turn, a session or an
 * observation.
 *
 * @param id unique within its corpus; not blank
 * @param title possibly empty; null is read as empty
 * @param text possibly empty (Cranfield has two empty documents); null is read as empty
 * @param namespace the haystack the document belongs to: LoCoMo's {@code conv_id}, else {@link
 *     dev.recall4j.core.Scope#DEFAULT_NAMESPACE}; not blank
 * @param timestamp when the content was written or said (LoCoMo's {@code session_date_time}); null
 *     when the dataset has no time
 * @param level the level whose corpus file holds the document (never {@link Level#MIXED}: a mixed
 *     dataset's documents keep the level they come from, which decides the kind of record they
 *     become); null in a single-level (BEIR layout) dataset
 * @param links ids of the documents it links to (a corpus line's optional {@code links} array, as a
 *     vault's wikilinks become record links); empty when none
 */
public record Document(
    String id,
    String title,
    String text,
    String namespace,
    Instant timestamp,
    Level level,
    List<String> links) {
  public Document {
    Checks.require(
        id != null && !id.isBlank(), "id", "must not be blank, got %s", Checks.excerpt(id));
    title = title == null ? "" : title;
    text = text == null ? "" : text;
    namespace = Checks.notBlank(namespace, "namespace");
    Checks.require(
        level != Level.MIXED, "level", "must be the level of one corpus file, got mixed");
    links = links == null ? List.of() : List.copyOf(links);
  }

  /** A document without links. */
  public Document(
      String id, String title, String text, String namespace, Instant timestamp, Level level) {
    this(id, title, text, namespace, timestamp, level, List.of());
  }

  /** A document of a single-level dataset (level null). */
  public Document(String id, String title, String text, String namespace, Instant timestamp) {
    this(id, title, text, namespace, timestamp, null, List.of());
  }

  /**
   * The text a single-field index sees: {@code title + " " + text}, or just one of them when the
   * other is empty (the setup of the reference figures in {@code REFERENCE.md}).
   */
  public String fullText() {
    if (title.isEmpty()) {
      return text;
    }
    return text.isEmpty() ? title : title + " " + text;
  }
}
