package dev.recall4j.datasets.trec;

import dev.recall4j.core.Checks;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * A retrieval run: for each query, the retrieved documents in {@link ScoredId#RANKING} order (score
 * descending, then document id ascending). This is the order metrics read and TREC run files are
 * written in. Immutable and thread-safe.
 *
 * <p>trec_eval also re-sorts a run by score, but breaks ties by document id <em>descending</em>; on
 * tied scores its figures can therefore differ slightly from ours.
 */
public final class Run {
  private static final Pattern TOKEN = Pattern.compile("\\S+");

  private final String tag;
  private final SortedMap<String, List<ScoredId>> rankings;

  private Run(String tag, SortedMap<String, List<ScoredId>> rankings) {
    this.tag = tag;
    this.rankings = rankings;
  }

  /**
   * A run from query id to retrieved documents in any order; each list is sorted into {@link
   * ScoredId#RANKING} order. A query with an empty list is kept (it retrieved nothing).
   *
   * @param tag the run name written in the last column of a TREC run file; no whitespace
   * @throws IllegalArgumentException when the tag or an id is blank or holds whitespace (the TREC
   *     format separates columns by whitespace), or a query lists a document twice
   */
  public static Run of(String tag, Map<String, ? extends Collection<ScoredId>> rankings) {
    checkToken(tag, "tag");
    Checks.notNull(rankings, "rankings");
    SortedMap<String, List<ScoredId>> copy = new TreeMap<>();
    for (var query : rankings.entrySet()) {
      String qid = checkToken(query.getKey(), "query id");
      List<ScoredId> ranking =
          new ArrayList<>(Checks.notNull(query.getValue(), "rankings[" + qid + "]"));
      Set<String> seen = HashSet.newHashSet(ranking.size());
      for (ScoredId hit : ranking) {
        Checks.notNull(hit, "rankings[" + qid + "][]");
        checkToken(hit.id(), "doc id");
        Checks.require(
            seen.add(hit.id()), "rankings", "query %s lists doc %s twice", qid, hit.id());
      }
      ranking.sort(ScoredId.RANKING);
      copy.put(qid, List.copyOf(ranking));
    }
    return new Run(tag, Collections.unmodifiableSortedMap(copy));
  }

  /** The run name. */
  public String tag() {
    return tag;
  }

  /** The query ids that have a ranking (possibly empty), ascending; unmodifiable. */
  public Set<String> queryIds() {
    return rankings.keySet();
  }

  /** The ranking of a query, best first; empty when the query is absent from the run. */
  public List<ScoredId> ranking(String queryId) {
    return rankings.getOrDefault(queryId, List.of());
  }

  /** The document ids of a query's ranking, best first; empty when the query is absent. */
  public List<String> rankedIds(String queryId) {
    return ranking(queryId).stream().map(ScoredId::id).toList();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Run that && tag.equals(that.tag) && rankings.equals(that.rankings);
  }

  @Override
  public int hashCode() {
    return 31 * tag.hashCode() + rankings.hashCode();
  }

  @Override
  public String toString() {
    return "Run[" + tag + ", " + rankings.size() + " queries]";
  }

  private static String checkToken(String value, String field) {
    Checks.require(
        value != null && TOKEN.matcher(value).matches(),
        field,
        "must be non-empty without whitespace, got %s",
        Checks.excerpt(value));
    return value;
  }
}
