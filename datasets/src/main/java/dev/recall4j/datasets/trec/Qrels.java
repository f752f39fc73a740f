package dev.recall4j.datasets.trec;

import dev.recall4j.core.Checks;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Relevance judgments: query id to document id to grade. Only positive grades are held (a grade of
 * 0 or less means "not relevant", which is what an absent judgment means too); higher is more
 * relevant. Queries and documents iterate in id order. Immutable and thread-safe.
 */
public final class Qrels {
  private final SortedMap<String, SortedMap<String, Integer>> judgments;
  private final int size;

  private Qrels(SortedMap<String, SortedMap<String, Integer>> judgments, int size) {
    this.judgments = judgments;
    this.size = size;
  }

  /**
   * Judgments copied from a map of query id to document id to grade.
   *
   * @throws IllegalArgumentException when an id is blank, a grade is not positive, or a query has
   *     no judgment
   */
  public static Qrels of(Map<String, ? extends Map<String, Integer>> judgments) {
    Checks.notNull(judgments, "judgments");
    SortedMap<String, SortedMap<String, Integer>> copy = new TreeMap<>();
    int size = 0;
    for (var query : judgments.entrySet()) {
      String qid = query.getKey();
      Checks.require(qid != null && !qid.isBlank(), "query id", "must not be blank, got %s", qid);
      Checks.require(
          query.getValue() != null && !query.getValue().isEmpty(),
          "judgments",
          "query %s has no judgment",
          qid);
      SortedMap<String, Integer> docs = new TreeMap<>();
      for (var doc : query.getValue().entrySet()) {
        String docid = doc.getKey();
        Integer grade = doc.getValue();
        Checks.require(
            docid != null && !docid.isBlank(), "doc id", "must not be blank, got %s", docid);
        Checks.require(
            grade != null && grade > 0,
            "grade",
            "must be positive, got %s for query %s, doc %s",
            grade,
            qid,
            docid);
        docs.put(docid, grade);
      }
      size += docs.size();
      copy.put(qid, Collections.unmodifiableSortedMap(docs));
    }
    return new Qrels(Collections.unmodifiableSortedMap(copy), size);
  }

  /** The judged query ids in ascending order; unmodifiable. */
  public Set<String> queryIds() {
    return judgments.keySet();
  }

  /** Whether the query has at least one judgment. */
  public boolean isJudged(String queryId) {
    return judgments.containsKey(queryId);
  }

  /** Document id to grade for a query, in document id order; empty when the query is unjudged. */
  public Map<String, Integer> judgments(String queryId) {
    Map<String, Integer> docs = judgments.get(queryId);
    return docs == null ? Map.of() : docs;
  }

  /** The grade of a document for a query; 0 when unjudged (not relevant). */
  public int grade(String queryId, String docId) {
    return judgments(queryId).getOrDefault(docId, 0);
  }

  /** The number of (query, document) judgments. */
  public int size() {
    return size;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Qrels that && judgments.equals(that.judgments);
  }

  @Override
  public int hashCode() {
    return judgments.hashCode();
  }

  @Override
  public String toString() {
    return "Qrels[" + judgments.size() + " queries, " + size + " judgments]";
  }
}
