package dev.recall4j.langchain4j;

import dev.langchain4j.store.embedding.filter.Filter;
import dev.langchain4j.store.embedding.filter.comparison.IsEqualTo;
import dev.langchain4j.store.embedding.filter.comparison.IsIn;
import dev.langchain4j.store.embedding.filter.logical.And;
import dev.langchain4j.store.embedding.filter.logical.Or;
import dev.recall4j.core.Kind;
import dev.recall4j.core.Silo;
import dev.recall4j.engine.adapter.IndexedFilter;
import dev.recall4j.engine.adapter.MetadataTag;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A LangChain4j {@link Filter} the index can run exactly: equality on string metadata (a {@link
 * MetadataTag}; the store's tag filter means "all of", so an {@code and} of such equalities is one
 * tag set), equality and {@code in} on {@code silo} and {@code kind} (any of), an {@code or} of two
 * such silo or kind conditions, and an {@code and} of conditions on different dimensions ({@link
 * IndexedFilter} combines them). What the store filter cannot say (an {@code in} or {@code or} over
 * metadata values, UUID values, which LangChain4j also matches by their text, numbers, comparisons,
 * {@code not}, {@code contains}) has no translation: the store then evaluates the filter itself
 * over the namespace, so no condition is ever dropped or approximated.
 *
 * <p>Exact means: a record passes the store filter if and only if {@code filter.test} accepts its
 * {@link SegmentRecords#filterView}, for every record the store wrote (a property test checks it).
 *
 * @param indexed the conditions the index runs
 */
record IndexFilter(IndexedFilter indexed) {
  /** The exact translation of a filter (null: every record), or empty when there is none. */
  static Optional<IndexFilter> of(Filter filter) {
    return translate(filter).map(IndexFilter::new);
  }

  /** All of these tags, or null for no condition. */
  Set<String> tags() {
    return indexed.tags().isEmpty() ? null : indexed.tags();
  }

  /** Any of these silos, or null for no condition. */
  Set<Silo> silos() {
    return indexed.silos().isEmpty() ? null : indexed.silos();
  }

  /** Any of these kinds, or null for no condition. */
  Set<Kind> kinds() {
    return indexed.kinds().isEmpty() ? null : indexed.kinds();
  }

  private static Optional<IndexedFilter> translate(Filter filter) {
    if (filter == null) {
      return Optional.of(IndexedFilter.NONE);
    }
    return switch (filter) {
      case IsEqualTo eq -> values(eq.key(), List.of(eq.comparisonValue()));
      case IsIn in -> values(in.key(), in.comparisonValues());
      case And and -> translate(and.left()).flatMap(l -> translate(and.right()).flatMap(l::and));
      case Or or -> translate(or.left()).flatMap(l -> translate(or.right()).flatMap(l::or));
      default -> Optional.empty();
    };
  }

  private static Optional<IndexedFilter> values(String key, Collection<?> values) {
    if (key.equals("silo")) {
      return IndexedFilter.silos(values);
    }
    if (key.equals("kind")) {
      return IndexedFilter.kinds(values);
    }
    if (SegmentRecords.FIELDS.isField(key) || SegmentRecords.ORIGIN_KEYS.contains(key)) {
      return Optional.empty(); // not tags: scope fields follow Scope.canSee; origins are paths
    }
    // One string only: numbers compare across types, UUIDs also by their text, LangChain4j
    // compares by the first value's type, and "any of these values" is no tag filter ("all of").
    Set<Object> distinct = new HashSet<>(values);
    if (distinct.size() != 1 || !(distinct.iterator().next() instanceof String text)) {
      return Optional.empty();
    }
    return Optional.of(IndexedFilter.tag(new MetadataTag(key, text).encode()));
  }
}
