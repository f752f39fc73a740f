package dev.recall4j.datasets.load;

import dev.recall4j.core.Checks;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The documents of a dataset, in file order, with lookup by id. Immutable and thread-safe. */
public final class Corpus {
  private final List<Document> documents;
  private final Map<String, Document> byId;

  private Corpus(List<Document> documents, Map<String, Document> byId) {
    this.documents = documents;
    this.byId = byId;
  }

  /**
   * A corpus of the given documents, kept in the given order.
   *
   * @throws IllegalArgumentException naming the id when two documents share one
   */
  public static Corpus of(List<Document> documents) {
    Checks.notNull(documents, "documents");
    Map<String, Document> byId = HashMap.newHashMap(documents.size());
    for (Document document : documents) {
      Checks.notNull(document, "documents[]");
      Checks.require(
          byId.putIfAbsent(document.id(), document) == null,
          "documents",
          "duplicate id %s",
          Checks.excerpt(document.id()));
    }
    return new Corpus(List.copyOf(documents), Collections.unmodifiableMap(byId));
  }

  /** The documents in file order; unmodifiable. */
  public List<Document> documents() {
    return documents;
  }

  /** The document with this id, if any. */
  public Optional<Document> get(String id) {
    return Optional.ofNullable(byId.get(id));
  }

  /** Whether a document has this id. */
  public boolean contains(String id) {
    return byId.containsKey(id);
  }

  /** The number of documents. */
  public int size() {
    return documents.size();
  }
}
