package dev.recall4j.store;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.store.RecordKey;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TermRangeQuery;
import org.apache.lucene.util.BytesRef;

/**
 * How a {@link RecordKey} finds its document. Since schema 4 a record document carries its key as
 * one term ({@link Schema#KEY}: the namespace, a separator no namespace holds, the id), which
 * upserts, purges and access counts address and full listings sort by. An index of an older schema
 * opened read-only has no such term: there a key is the id within the namespace's documents (ids
 * were unique across such an index), and listings sort by id.
 */
final class Keys {
  /** Below every character a namespace may hold, so keys sort by namespace, then id. */
  private static final char SEPARATOR = '\u001f';

  private final boolean keyed;

  /**
   * @param keyed whether the index's documents carry {@link Schema#KEY} (schema 4 and later)
   */
  Keys(boolean keyed) {
    this.keyed = keyed;
  }

  static String encode(RecordKey key) {
    return key.namespace() + SEPARATOR + key.id();
  }

  static String encode(MemoryRecord record) {
    return encode(RecordKey.of(record));
  }

  static RecordKey decode(String key) {
    int at = key.indexOf(SEPARATOR);
    return new RecordKey(key.substring(0, at), key.substring(at + 1));
  }

  /** The record documents of these keys. */
  Query records(Collection<RecordKey> keys) {
    if (keyed) {
      return new ConstantScoreQuery(new TermInSetQuery(Schema.KEY, terms(keys)));
    }
    Map<String, List<String>> byNamespace =
        keys.stream()
            .collect(
                Collectors.groupingBy(
                    RecordKey::namespace,
                    TreeMap::new,
                    Collectors.mapping(RecordKey::id, Collectors.toList())));
    BooleanQuery.Builder any = new BooleanQuery.Builder();
    byNamespace.forEach(
        (namespace, ids) ->
            any.add(
                new BooleanQuery.Builder()
                    .add(
                        new TermQuery(new Term(Schema.NAMESPACE, namespace)),
                        BooleanClause.Occur.FILTER)
                    .add(
                        new TermInSetQuery(Schema.ID, LuceneReads.terms(ids)),
                        BooleanClause.Occur.FILTER)
                    .build(),
                BooleanClause.Occur.SHOULD));
    return new ConstantScoreQuery(any.build());
  }

  /** Every document of these records, their own and their passages' (a writer's index is keyed). */
  static Query recordsAndPassages(Collection<RecordKey> keys) {
    List<BytesRef> terms = terms(keys);
    return new BooleanQuery.Builder()
        .add(new TermInSetQuery(Schema.KEY, terms), BooleanClause.Occur.SHOULD)
        .add(new TermInSetQuery(Schema.PARENT, terms), BooleanClause.Occur.SHOULD)
        .build();
  }

  /** The term a writer updates a record's doc values by. */
  static Term term(RecordKey key) {
    return new Term(Schema.KEY, encode(key));
  }

  /** The order of full listings: by key (by id in an index of an older schema). */
  Sort order() {
    return new Sort(new SortField(keyed ? Schema.KEY : Schema.ID, SortField.Type.STRING));
  }

  /** The documents after {@code after} in {@link #order()}. */
  Query after(RecordKey after) {
    return keyed
        ? TermRangeQuery.newStringRange(Schema.KEY, encode(after), null, false, false)
        : TermRangeQuery.newStringRange(Schema.ID, after.id(), null, false, false);
  }

  /**
   * The term of a record's identity in a segment: its encoded key, or in a segment written before
   * keys its id.
   */
  static Term identityTerm(String identity) {
    return new Term(identity.indexOf(SEPARATOR) >= 0 ? Schema.KEY : Schema.ID, identity);
  }

  /** An identity as a message shows it: {@code namespace/id}, or the id. */
  static String shown(String identity) {
    return identity.indexOf(SEPARATOR) >= 0 ? decode(identity).toString() : identity;
  }

  boolean keyed() {
    return keyed;
  }

  private static List<BytesRef> terms(Collection<RecordKey> keys) {
    return keys.stream().distinct().map(k -> new BytesRef(encode(k))).toList();
  }
}
