package dev.recall4j.store;

import dev.recall4j.core.Kind;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Wire;
import dev.recall4j.core.store.StoreFilter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.TermToBytesRefAttribute;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexReaderContext;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.MultiTerms;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.TermStates;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.FieldExistsQuery;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.join.BitSetProducer;
import org.apache.lucene.search.join.QueryBitSetProducer;
import org.apache.lucene.search.join.ToChildBlockJoinQuery;
import org.apache.lucene.util.BytesRef;

/** Builds the Lucene queries of the store: filters and the lexical bag-of-words query. */
final class Queries {
  /**
   * Most distinct terms taken from a query per field. Three fields times 256 stays under Lucene's
   * default limit of 1,024 clauses per query; a 10 KB query keeps its most frequent terms.
   */
  static final int MAX_TERMS_PER_FIELD = 256;

  /** Most values of a field {@link #oneOf} enumerates to choose the form of its condition. */
  static final int MAX_ENUMERATED_VALUES = 32;

  /**
   * Every record document and no passage document: a record always has an id's doc value (see
   * {@link Schema#toBlock}).
   */
  static final Query RECORDS = new FieldExistsQuery(Schema.ID);

  /** The record documents of each segment: a passage document's record is the next one after it. */
  static final BitSetProducer PARENTS = new QueryBitSetProducer(RECORDS);

  private Queries() {}

  /**
   * The filter of {@code f} as clauses added to {@code query}: they restrict matches without
   * changing scores. Each condition on a field that every document holds exactly one value of is
   * stated the cheaper way for {@code reader} (see {@link #oneOf}), so conditions every indexed
   * record meets (one namespace, an active tier of a memory that supersedes nothing) cost nothing.
   */
  static void addFilter(BooleanQuery.Builder query, StoreFilter f, IndexReader reader)
      throws IOException {
    Scope scope = f.scope();
    oneOf(query, reader, Schema.NAMESPACE, List.of(scope.namespace()));
    if (!f.allProjects()) {
      // A record without a project is the user's own and applies to every request.
      noneOr(query, reader, Schema.PROJECT, scope.project());
    }
    narrow(query, reader, Schema.TASK, scope.task());
    if (!f.allSessions()) {
      // A session's records are seen only within it; those without a session everywhere.
      noneOr(query, reader, Schema.SESSION, scope.session());
    }
    oneOf(query, reader, Schema.SILO, f.silos().stream().map(Wire::name).toList());
    oneOf(query, reader, Schema.KIND, f.kinds().stream().map(Kind::name).toList());
    // Tags are optional and repeatable, so only the required values can state this condition: one
    // clause per tag, since a record must carry them all.
    for (String tag : f.tags()) {
      query.add(new TermQuery(new Term(Schema.TAG, tag)), BooleanClause.Occur.FILTER);
    }
    if (f.since() != null || f.until() != null) {
      long from = f.since() == null ? Long.MIN_VALUE : f.since().toEpochMilli();
      long to = f.until() == null ? Long.MAX_VALUE : f.until().toEpochMilli() - 1;
      query.add(LongPoint.newRangeQuery(Schema.CREATED_MS, from, to), BooleanClause.Occur.FILTER);
    }
    oneOf(query, reader, Schema.TIER, f.tiers().stream().map(Wire::name).toList());
    oneOf(query, reader, Schema.STATUS, f.statuses().stream().map(Wire::name).toList());
  }

  /**
   * A query matching exactly the records {@code f} allows in {@code reader}, scoring nothing;
   * {@link MatchAllDocsQuery#INSTANCE} when every indexed record is allowed (it matches passage
   * documents too: see {@link #records}).
   */
  static Query filter(StoreFilter f, IndexReader reader) throws IOException {
    return filter(filterClauses(f, reader), hasPassages(reader));
  }

  /** The clauses {@link #addFilter} adds for {@code f} and {@code reader}. */
  static List<BooleanClause> filterClauses(StoreFilter f, IndexReader reader) throws IOException {
    BooleanQuery.Builder query = new BooleanQuery.Builder();
    addFilter(query, f, reader);
    return query.build().clauses();
  }

  /**
   * {@link #filter(StoreFilter, IndexReader)} of clauses made for a reader, given whether it holds
   * passage documents.
   */
  static Query filter(List<BooleanClause> clauses, boolean hasPassages) {
    if (clauses.isEmpty()) {
      return MatchAllDocsQuery.INSTANCE;
    }
    BooleanQuery.Builder query = new BooleanQuery.Builder();
    clauses.forEach(query::add);
    boolean onlyExclusions =
        clauses.stream().allMatch(c -> c.occur() == BooleanClause.Occur.MUST_NOT);
    // A boolean query of exclusions alone matches nothing: exclude from every record instead (from
    // every document, the cheaper iteration, when no passage document can slip through).
    if (onlyExclusions) {
      query.add(hasPassages ? RECORDS : MatchAllDocsQuery.INSTANCE, BooleanClause.Occur.FILTER);
    }
    return query.build();
  }

  /** {@link #filter}, without the passage documents its match-all form includes. */
  static Query records(StoreFilter f, IndexReader reader) throws IOException {
    Query filter = filter(f, reader);
    return filter instanceof MatchAllDocsQuery ? RECORDS : filter;
  }

  /** Whether any segment of {@code reader} holds passage documents (deleted ones included). */
  static boolean hasPassages(IndexReader reader) throws IOException {
    return MultiTerms.getTerms(reader, Schema.PARENT) != null;
  }

  /**
   * The vector-search filter of the records {@code allowed} matches, when passage documents exist:
   * those records' own documents and their passage documents. Null when every document passes.
   */
  static Query withPassages(Query allowed) {
    if (allowed instanceof MatchAllDocsQuery) {
      return null;
    }
    return new BooleanQuery.Builder()
        .add(allowed, BooleanClause.Occur.SHOULD)
        .add(new ToChildBlockJoinQuery(allowed, PARENTS), BooleanClause.Occur.SHOULD)
        .build();
  }

  /**
   * The BM25 query of free user text, or null when the text has no searchable term. Never throws on
   * content: the text is analysed, not parsed, so operators, quotes and wildcards are just
   * characters. Follows Anserini's bag-of-words query: one SHOULD clause per distinct analysed
   * term, boosted by how often the term occurs in the query, over {@code text} and {@code tags};
   * plus the same over {@code code} (its own analysis) scaled by {@code codeBoost}, omitted when it
   * is 0.
   */
  static BooleanQuery lexical(String text, Analyzer analyzer, float codeBoost) throws IOException {
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
        should.add(
            boosted(Schema.CODE, term.getKey(), term.getValue() * codeBoost),
            BooleanClause.Occur.SHOULD);
      }
      any |= !code.isEmpty();
    }
    return any ? should.build() : null;
  }

  /**
   * {@code clauses} with each term query (bare or boosted) given its term states for {@code top},
   * looked up through one terms enum per segment and field, in term order. A term query left to
   * itself opens a terms enum per segment for every term and seeks it from scratch, allocating its
   * frames anew: a seventh of what a recall allocated at 10K records in five segments (issue 35).
   * The states and statistics are those the term query would look up, so scores do not change; they
   * are valid for {@code top}'s reader only (a term query given states of another reader looks them
   * up itself).
   */
  static List<BooleanClause> withTermStates(List<BooleanClause> clauses, IndexReaderContext top)
      throws IOException {
    Map<String, SortedMap<BytesRef, TermStates>> byField = new HashMap<>();
    for (BooleanClause clause : clauses) {
      TermQuery query = termQueryOf(clause.query());
      if (query != null) {
        byField
            .computeIfAbsent(query.getTerm().field(), field -> new TreeMap<>())
            .computeIfAbsent(query.getTerm().bytes(), bytes -> new TermStates(top));
      }
    }
    if (byField.isEmpty()) {
      return clauses;
    }
    for (LeafReaderContext leaf : top.leaves()) {
      for (Map.Entry<String, SortedMap<BytesRef, TermStates>> field : byField.entrySet()) {
        Terms terms = leaf.reader().terms(field.getKey());
        if (terms == null) {
          continue;
        }
        TermsEnum values = terms.iterator();
        for (Map.Entry<BytesRef, TermStates> term : field.getValue().entrySet()) {
          if (values.seekExact(term.getKey())) {
            term.getValue()
                .register(values.termState(), leaf.ord, values.docFreq(), values.totalTermFreq());
          }
        }
      }
    }
    List<BooleanClause> stated = new ArrayList<>(clauses.size());
    for (BooleanClause clause : clauses) {
      TermQuery query = termQueryOf(clause.query());
      if (query == null) {
        stated.add(clause);
        continue;
      }
      Term term = query.getTerm();
      Query withStates = new TermQuery(term, byField.get(term.field()).get(term.bytes()));
      if (clause.query() instanceof BoostQuery boost) {
        withStates = new BoostQuery(withStates, boost.getBoost());
      }
      stated.add(new BooleanClause(withStates, clause.occur()));
    }
    return stated;
  }

  /** The term query of a clause's query, bare or boosted; null for any other query. */
  private static TermQuery termQueryOf(Query query) {
    if (query instanceof BoostQuery boost) {
      query = boost.getQuery();
    }
    return query instanceof TermQuery term ? term : null;
  }

  /**
   * Distinct analysed terms of {@code text} with their counts, in order of first occurrence; when
   * there are more than {@link #MAX_TERMS_PER_FIELD}, the most frequent (ties: earliest) are kept.
   */
  static Map<BytesRef, Integer> terms(Analyzer analyzer, String field, String text)
      throws IOException {
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

  /**
   * Project and session: the records without a value, and those of the requested value when there
   * is one.
   */
  private static void noneOr(
      BooleanQuery.Builder query, IndexReader reader, String field, String requested)
      throws IOException {
    oneOf(
        query,
        reader,
        field,
        requested == null ? List.of(Schema.NONE) : List.of(Schema.NONE, requested));
  }

  /**
   * Task: a record with no value for the dimension applies everywhere; a request with none sees
   * all.
   */
  private static void narrow(
      BooleanQuery.Builder query, IndexReader reader, String field, String requested)
      throws IOException {
    if (requested != null) {
      oneOf(query, reader, field, List.of(Schema.NONE, requested));
    }
  }

  /**
   * Keeps the documents whose value of {@code field} is one of {@code allowed} (no condition when
   * empty), for a field every document holds exactly one term of ({@link Schema#toDocument} writes
   * one for each field this is called with), in the cheapest of three equivalent forms: no clause
   * when every indexed value is allowed; the other values as a MUST_NOT clause when they occur in
   * fewer documents than the allowed ones; else the allowed values as a FILTER clause. A filter
   * clause that matches (nearly) every document costs a postings advance per hit, which was about
   * half the time of a lexical search and a third of a filtered kNN search at 100K records. Only
   * the first {@value #MAX_ENUMERATED_VALUES} values are looked at: a field with more keeps the
   * FILTER form. Document frequencies include deleted documents, which can only make the exclusion
   * look costlier than it is.
   */
  private static void oneOf(
      BooleanQuery.Builder query, IndexReader reader, String field, Collection<String> allowed)
      throws IOException {
    if (allowed.isEmpty()) {
      return;
    }
    Set<BytesRef> in = new HashSet<>();
    allowed.forEach(value -> in.add(new BytesRef(value)));
    Terms terms = MultiTerms.getTerms(reader, field);
    List<BytesRef> excluded = new ArrayList<>();
    long allowedDocs = 0;
    long excludedDocs = 0;
    if (terms != null) {
      TermsEnum values = terms.iterator();
      int seen = 0;
      for (BytesRef value = values.next(); value != null; value = values.next()) {
        if (++seen > MAX_ENUMERATED_VALUES) {
          query.add(anyOf(field, in), BooleanClause.Occur.FILTER);
          return;
        }
        if (in.contains(value)) {
          allowedDocs += values.docFreq();
        } else {
          excludedDocs += values.docFreq();
          excluded.add(BytesRef.deepCopyOf(value));
        }
      }
    }
    if (excluded.isEmpty()) {
      return;
    }
    if (excludedDocs < allowedDocs) {
      query.add(anyOf(field, excluded), BooleanClause.Occur.MUST_NOT);
    } else {
      query.add(anyOf(field, in), BooleanClause.Occur.FILTER);
    }
  }

  private static Query anyOf(String field, Collection<BytesRef> values) {
    return values.size() == 1
        ? new TermQuery(new Term(field, values.iterator().next()))
        : new TermInSetQuery(field, values);
  }
}
