package dev.recall4j.opensearch;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall4j.core.store.RecordKey;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;

/**
 * The bodies of the store's searches. Every ranked search sorts by score, then id, as the
 * in-process store orders its hits, and asks no total hit count.
 */
final class Searches {
  /**
   * Most word occurrences of a query text sent to the cluster. The cluster refuses a query of more
   * than 1,024 clauses, and its {@code match} query makes one per token per field. A longer text
   * keeps its most frequent words (ties: the earliest), each as often as it occurs, until this many
   * occurrences, as words separated by spaces (an identifier such as {@code a.b} is then two
   * words); the in-process store keeps the 256 most frequent analysed terms per field instead.
   * Queries agents send are far shorter, and go as they are.
   */
  static final int MAX_QUERY_WORDS = 100;

  /** What any of the analyzers may make a token of: a run of letters and digits. */
  private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{Nd}]+");

  private Searches() {}

  /**
   * BM25 over the text and tags (English analysis) and the code field scaled by {@code codeBoost}
   * (left out at 0): the sum of the three, as the in-process store sums one clause per analysed
   * term and field. The cluster analyses the text, so any string is accepted; a text without a
   * searchable term matches nothing.
   */
  static ObjectNode lexical(String text, ArrayNode filter, int topK, double codeBoost) {
    String bounded = bounded(text);
    ObjectNode body = ranked(topK);
    ObjectNode bool = body.putObject("query").putObject("bool");
    ArrayNode should = bool.putArray("should");
    should.add(match(Mapping.TEXT, bounded, 1));
    should.add(match(Mapping.TAGS_TEXT, bounded, 1));
    if (codeBoost > 0) {
      should.add(match(Mapping.CODE, bounded, codeBoost));
    }
    bool.put("minimum_should_match", 1);
    bool.set("filter", filter);
    return body;
  }

  /**
   * k-NN over every vector of every record (the nested passages), pre-filtered: the filter is
   * applied inside the graph search, so no record it excludes takes a place. Each record scores by
   * its best passage and comes back once.
   */
  static ObjectNode vector(float[] unit, ArrayNode filter, int topK, int k) {
    ObjectNode body = ranked(topK);
    ObjectNode nested = body.putObject("query").putObject("nested");
    nested.put("path", Mapping.PASSAGES).put("score_mode", "max");
    ObjectNode knn =
        nested.putObject("query").putObject("knn").putObject(Mapping.PASSAGE_VECTOR).put("k", k);
    ArrayNode vector = knn.putArray("vector");
    for (float f : unit) {
      vector.add(f);
    }
    knn.set("filter", Filters.only(filter));
    return body;
  }

  /**
   * Every record matching the filter in key order (namespace, then id) after {@code after} (null:
   * from the first); each hit's {@code sort} holds its namespace and id.
   */
  static ObjectNode byKey(ArrayNode filter, RecordKey after, int size) {
    ObjectNode body = Cluster.JSON.createObjectNode();
    body.put("size", size).put("track_total_hits", false);
    ArrayNode sort = body.putArray("sort");
    sort.addObject().put(Mapping.NAMESPACE, "asc");
    sort.addObject().put(Mapping.ID, "asc");
    if (after != null) {
      body.putArray("search_after").add(after.namespace()).add(after.id());
    }
    body.set("query", Filters.only(filter.deepCopy()));
    return body;
  }

  /**
   * Up to {@code size} records meeting the filter clauses with an id after {@code afterId} (null:
   * from the first), in id order.
   */
  static ObjectNode byId(ArrayNode filter, String afterId, int size) {
    ArrayNode clauses = filter.deepCopy();
    if (afterId != null) {
      clauses.addObject().putObject("range").putObject(Mapping.ID).put("gt", afterId);
    }
    ObjectNode body = Cluster.JSON.createObjectNode();
    body.put("size", size).put("track_total_hits", false);
    body.putArray("sort").addObject().put(Mapping.ID, "asc");
    body.set("query", Filters.only(clauses));
    return body;
  }

  /** How many records matching the filter have each value of {@code field}. */
  static ObjectNode counts(ArrayNode filter, String field, int values) {
    ObjectNode body = Cluster.JSON.createObjectNode();
    body.put("size", 0).put("track_total_hits", false);
    body.set("query", Filters.only(filter));
    body.putObject("aggs")
        .putObject("values")
        .putObject("terms")
        .put("field", field)
        .put("size", values);
    return body;
  }

  /** The filter clause of records without a vector (none of their nested passages exists). */
  static ObjectNode withoutVector() {
    ObjectNode query = Cluster.JSON.createObjectNode();
    query
        .putObject("bool")
        .putObject("must_not")
        .putObject("nested")
        .put("path", Mapping.PASSAGES)
        // An index without vectors has no passages mapping: then no record has a vector.
        .put("ignore_unmapped", true)
        .putObject("query")
        .putObject("match_all");
    return query;
  }

  /** {@code text}, or its most frequent words when it holds more than {@link #MAX_QUERY_WORDS}. */
  static String bounded(String text) {
    List<String> words = WORD.matcher(text).results().map(MatchResult::group).toList();
    if (words.size() <= MAX_QUERY_WORDS) {
      return text;
    }
    Map<String, Integer> counts = new LinkedHashMap<>();
    for (String word : words) {
      counts.merge(word, 1, Integer::sum);
    }
    List<Map.Entry<String, Integer>> ranked = new ArrayList<>(counts.entrySet());
    // A stable sort keeps first-occurrence order among equal counts.
    ranked.sort(Map.Entry.<String, Integer>comparingByValue(Comparator.reverseOrder()));
    StringBuilder kept = new StringBuilder();
    int left = MAX_QUERY_WORDS;
    for (Map.Entry<String, Integer> word : ranked) {
      for (int i = 0; i < Math.min(word.getValue(), left); i++) {
        kept.append(word.getKey()).append(' ');
      }
      left -= Math.min(word.getValue(), left);
      if (left == 0) {
        break;
      }
    }
    return kept.toString().strip();
  }

  private static ObjectNode ranked(int topK) {
    ObjectNode body = Cluster.JSON.createObjectNode();
    body.put("size", topK).put("track_total_hits", false).put("track_scores", true);
    ArrayNode sort = body.putArray("sort");
    sort.addObject().put("_score", "desc");
    sort.addObject().put(Mapping.ID, "asc");
    return body;
  }

  private static ObjectNode match(String field, String text, double boost) {
    ObjectNode match = Cluster.JSON.createObjectNode();
    ObjectNode query = match.putObject("match").putObject(field).put("query", text);
    // The code analyzer keeps an identifier whole beside its parts, a token graph: the match query
    // would otherwise require its parts as a phrase (findById -> "find id"), where the in-process
    // store matches each part on its own. Without phrases, the whole or all its parts match.
    query.put("auto_generate_synonyms_phrase_query", false);
    if (boost != 1) {
      query.put("boost", boost);
    }
    return match;
  }
}
