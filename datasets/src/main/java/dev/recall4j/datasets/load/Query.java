package dev.recall4j.datasets.load;

import dev.recall4j.core.Checks;

/**
 * A judged query of a relevance dataset.
 *
 * @param id unique within the dataset; not blank
 * @param text the question as a user would type it; not blank
 * @param namespace the haystack it searches (LoCoMo: its conversation), the same namespace as the
 *     documents it is judged against; not blank
 */
public record Query(String id, String text, String namespace) {
  public Query {
    Checks.require(
        id != null && !id.isBlank(), "id", "must not be blank, got %s", Checks.excerpt(id));
    Checks.require(
        text != null && !text.isBlank(), "text", "must not be blank, got %s", Checks.excerpt(text));
    namespace = Checks.notBlank(namespace, "namespace");
  }
}
