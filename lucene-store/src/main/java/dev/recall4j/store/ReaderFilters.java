package dev.recall4j.store;

import dev.recall4j.core.store.StoreFilter;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.search.BooleanClause;

/**
 * The filter clauses of each store filter ({@link Queries#filterClauses}, their term queries with
 * their term states: {@link Queries#withTermStates}) and whether passage documents exist, made once
 * per index reader instead of at every search: all depend only on the filter and the reader, and
 * making the clauses walks the terms of seven fields in every segment, for each of a recall's two
 * searches (a few percent of a recall at 1K records and at 100K as built, issue 35). An agent asks
 * with the same few filters turn after turn. Forgotten when the reader closes; thread-safe: the
 * clauses are only read once made.
 */
final class ReaderFilters {
  /** Filters remembered per reader; past this they are all forgotten, as a new reader would. */
  static final int MAX_FILTERS = 64;

  private record Made(Map<StoreFilter, List<BooleanClause>> clauses, boolean hasPassages) {}

  private final Map<IndexReader.CacheKey, Made> byReader = new ConcurrentHashMap<>();

  /** {@link Queries#filterClauses} of {@code f} for {@code reader}, an open reader. */
  List<BooleanClause> clauses(StoreFilter f, IndexReader reader) throws IOException {
    Made made = of(reader);
    if (made == null) {
      return Queries.filterClauses(f, reader);
    }
    List<BooleanClause> known = made.clauses().get(f);
    if (known == null) {
      known = Queries.withTermStates(Queries.filterClauses(f, reader), reader.getContext());
      if (made.clauses().size() >= MAX_FILTERS) {
        made.clauses().clear();
      }
      made.clauses().put(f, known);
    }
    return known;
  }

  /** {@link Queries#hasPassages} of {@code reader}, an open reader. */
  boolean hasPassages(IndexReader reader) throws IOException {
    Made made = of(reader);
    return made == null ? Queries.hasPassages(reader) : made.hasPassages();
  }

  /** The filters made for {@code reader}; null for a reader that cannot say when it closes. */
  private Made of(IndexReader reader) throws IOException {
    IndexReader.CacheHelper helper = reader.getReaderCacheHelper();
    if (helper == null) {
      return null;
    }
    IndexReader.CacheKey key = helper.getKey();
    Made made = byReader.get(key);
    if (made == null) {
      made = new Made(new ConcurrentHashMap<>(), Queries.hasPassages(reader));
      Made raced = byReader.putIfAbsent(key, made);
      if (raced != null) {
        return raced;
      }
      helper.addClosedListener(byReader::remove);
    }
    return made;
  }

  /** The readers whose filters are held (for tests that they are forgotten). */
  int readers() {
    return byReader.size();
  }
}
