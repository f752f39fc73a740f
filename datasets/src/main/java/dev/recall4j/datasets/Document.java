package dev.recall4j.datasets;

import dev.recall4j.core.Checks;
import java.time.Instant;

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
 */
public record Document(String id, String title, String text, String namespace, Instant timestamp) {
  public Document {
    Checks.require(
        id != null && !id.isBlank(), "id", "must not be blank, got %s", Checks.excerpt(id));
    title = title == null ? "" : title;
    text = text == null ? "" : text;
    namespace = Checks.notBlank(namespace, "namespace");
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
