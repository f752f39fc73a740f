package dev.recall4j.store;

import dev.recall4j.core.Kind;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Wire;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.TermToBytesRefAttribute;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.util.BytesRef;

/** Builds the Lucene queries of the store: filters and the lexical bag-of-words query. */
final class Queries {
  /**
   * Most distinct terms taken from a query per field. Three fields times 256 stays under Lucene's
   * default limit of 1,024 clauses per query; a 10 KB query keeps its most frequent terms.
   */
  static final int MAX_TERMS_PER_FIELD = 256;

  private Queries() {}

  /**
   * The filter of {@code f} as FILTER clauses added to {@code query}: it restricts matches without
   * changing scores.
   */
  static void addFilter(BooleanQuery.Builder query, StoreFilter f) {
    Scope scope = f.scope();
    query.add(new TermQuery(new Term(Schema.NAMESPACE, scope.namespace())), BooleanClause.Occur.FILTER);
    narrow(query, Schema.PROJECT, scope.project());
    narrow(query, Schema.TASK, scope.task());
    narrow(query, Schema.SESSION, scope.session());
    anyOf(query, Schema.SILO, f.silos().stream().map(Wire::name).toList());
    anyOf(query, Schema.KIND, f.kinds().stream().map(Kind::name).toList());
    anyOf(query, Schema.TAG, f.tags());
    anyOf(query, Schema.TIER, f.tiers().stream().map(Wire::name).toList());
    anyOf(query, Schema.STATUS, f.statuses().stream().map(Wire::name).toList());
  }

  /** A query matching exactly the records {@code f} allows, scoring nothing. */
  static Query filter(StoreFilter f) {
    BooleanQuery.Builder query = new BooleanQuery.Builder();
    addFilter(query, f);
    return query.build();
  }

  /**
   * The BM25 query of free user text, or null when the text has no searchable term. Never throws on
   * content: the text is analysed, not parsed, so operators, quotes and wildcards are just
   * characters. Follows Anserini's bag-of-words query: one SHOULD clause per distinct analysed term,
   * boosted by how often the term occurs in the query, over {@code text} and {@code tags}; plus the
   * same over {@code code} (its own analysis) scaled by {@code codeBoost}, omitted when it is 0.
   */
  static Query lexical(String text, Analyzer analyzer, float codeBoost) throws IOException {
    BooleanQuery.Builder should = new BooleanQuery.Builder();
    Map<BytesRef, Integer> english = terms(analyzer, Schema.TEXT, text);
    for (Map.Entry<BytesRef, Integer> term : english.entrySet()) {
      should.add(boosted(Schema.TEXT, term.getKey(), term.getValue()), BooleanClause.Occur.SHOULD);
      should.add(boosted(Schema.TAGS, term.getKey(), term.getValue()), BooleanClause.Occur.SHOULD);
    }
    boolean any = !english.isEmpty();
    if (codeBoost > 0) {
      Map<BytesRef, Integer> code = terms(analyzer, Schema.CODE, text);
      for (Map.Entry<BytesRef, Integer> term : code.entrySet()) {
        should.add(boosted(Schema.CODE, term.getKey(), term.getValue() * codeBoost), BooleanClause.Occur.SHOULD);
      }
      any |= !code.isEmpty();
    }
    return any ? should.build() : null;
  }

  /**
   * Distinct analysed terms of {@code text} with their counts, in order of first occurrence; when
   * there are more than {@link #MAX_TERMS_PER_FIELD}, the most frequent (ties: earliest) are kept.
   */
  static Map<BytesRef, Integer> terms(Analyzer analyzer, String field, String text) throws IOException {
    Map<BytesRef, Integer> counts = new LinkedHashMap<>();
    try (TokenStream tokens = analyzer.tokenStream(field, text)) {
      TermToBytesRefAttribute term = tokens.addAttribute(TermToBytesRefAttribute.class);
      tokens.reset();
      while (tokens.incrementToken()) {
        counts.merge(BytesRef.deepCopyOf(term.getBytesRef()), 1, Integer::sum);
      }
      tokens.end();
    }
    if (counts.size() <= MAX_TERMS_PER_FIELD) {
      return counts;
    }
    List<Map.Entry<BytesRef, Integer>> ranked = new ArrayList<>(counts.entrySet());
    // A stable sort keeps first-occurrence order among equal counts.
    ranked.sort(Map.Entry.<BytesRef, Integer>comparingByValue(Comparator.reverseOrder()));
    Map<BytesRef, Integer> kept = new LinkedHashMap<>();
    ranked.subList(0, MAX_TERMS_PER_FIELD).forEach(e -> kept.put(e.getKey(), e.getValue()));
    return kept;
  }

  private static Query boosted(String field, BytesRef term, float boost) {
    Query query = new TermQuery(new Term(field, term));
    return boost == 1f ? query : new BoostQuery(query, boost);
  }

  /** A record with no value for the dimension applies everywhere; a request with none sees all. */
  private static void narrow(BooleanQuery.Builder query, String field, String requested) {
    if (requested != null) {
      query.add(
          new TermInSetQuery(field, List.of(new BytesRef(Schema.NONE), new BytesRef(requested))),
          BooleanClause.Occur.FILTER);
    }
  }

  private static void anyOf(BooleanQuery.Builder query, String field, Collection<String> values) {
    if (!values.isEmpty()) {
      query.add(new TermInSetQuery(field, values.stream().map(BytesRef::new).toList()), BooleanClause.Occur.FILTER);
    }
  }
}
