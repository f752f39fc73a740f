package dev.recall4j.langchain4j;

import dev.langchain4j.store.embedding.filter.Filter;
import dev.langchain4j.store.embedding.filter.comparison.IsEqualTo;
import dev.langchain4j.store.embedding.filter.comparison.IsIn;
import dev.langchain4j.store.embedding.filter.logical.And;
import dev.langchain4j.store.embedding.filter.logical.Or;
import dev.recall4j.core.Kind;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Wire;
import dev.recall4j.core.store.StoreFilter;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * A LangChain4j {@link Filter} the index can run exactly: equality on string metadata (a {@link
 * MetadataTag}; the store's tag filter means "all of", so an {@code and} of such equalities is one
 * tag set), equality and {@code in} on {@code silo} and {@code kind} (any of), an {@code or} of two
 * such silo or kind conditions, and an {@code and} of conditions on different dimensions. What the
 * store filter cannot say (an {@code in} or {@code or} over metadata values, UUID values, which
 * LangChain4j also matches by their text, numbers, comparisons, {@code not}, {@code contains}) has
 * no translation: the store then evaluates the filter itself over the namespace, so no condition is
 * ever dropped or approximated.
 *
 * <p>Exact means: a record passes the store filter if and only if {@code filter.test} accepts its
 * {@link SegmentRecords#filterView}, for every record the store wrote (a property test checks it).
 *
 * @param tags all of these tags, or null for no condition
 * @param silos any of these silos, or null
 * @param kinds any of these kinds, or null
 */
record IndexFilter(Set<String> tags, Set<Silo> silos, Set<Kind> kinds) {
  private static final IndexFilter NONE = new IndexFilter(null, null, null);

  /** The exact translation of a filter (null: every record), or empty when there is none. */
  static Optional<IndexFilter> of(Filter filter) {
    if (filter == null) {
      return Optional.of(NONE);
    }
    return switch (filter) {
      case IsEqualTo eq -> values(eq.key(), List.of(eq.comparisonValue()));
      case IsIn in -> values(in.key(), in.comparisonValues());
      case And and -> both(of(and.left()), of(and.right()));
      case Or or -> either(of(or.left()), of(or.right()));
      default -> Optional.empty();
    };
  }

  /** The store filter narrowed by this one. */
  StoreFilter narrow(StoreFilter filter) {
    StoreFilter narrowed = filter;
    if (tags != null) {
      narrowed = narrowed.withTags(tags);
    }
    if (silos != null) {
      narrowed = narrowed.withSilos(silos);
    }
    if (kinds != null) {
      narrowed = narrowed.withKinds(kinds);
    }
    return narrowed;
  }

  private static Optional<IndexFilter> values(String key, Collection<?> values) {
    if (values.isEmpty()) {
      return Optional.empty();
    }
    if (key.equals("silo") || key.equals("kind")) {
      return fieldValues(key, values);
    }
    if (SegmentRecords.FIELD_KEYS.contains(key) || SegmentRecords.ORIGIN_KEYS.contains(key)) {
      return Optional.empty(); // not tags: scope fields follow Scope.canSee; origins are paths
    }
    Set<String> tags = new LinkedHashSet<>();
    for (Object value : values) {
      switch (value) {
        case String text -> tags.add(new MetadataTag(key, text).encode());
        case UUID uuid -> {
          // LangChain4j compares a UUID condition with a string value by its text.
          tags.add(new MetadataTag(key, uuid).encode());
          tags.add(new MetadataTag(key, uuid.toString()).encode());
        }
        default -> {
          return Optional.empty(); // numbers compare across types: evaluated, not indexed
        }
      }
    }
    if (values.stream().map(Object::getClass).distinct().count() > 1) {
      return Optional.empty(); // LangChain4j compares by the first value's type
    }
    if (tags.size() > 1) {
      return Optional.empty(); // "any of these values": the store's tags mean "all of"
    }
    return Optional.of(new IndexFilter(tags, null, null));
  }

  /** silo or kind values, kept only when written exactly as the record field reads back. */
  private static Optional<IndexFilter> fieldValues(String key, Collection<?> values) {
    Set<Silo> silos = new HashSet<>();
    Set<Kind> kinds = new HashSet<>();
    for (Object value : values) {
      if (!(value instanceof String text)) {
        return Optional.empty();
      }
      try {
        if (key.equals("silo")) {
          Silo silo = Silo.parse("silo", text);
          if (!Wire.name(silo).equals(text)) {
            return Optional.empty();
          }
          silos.add(silo);
        } else {
          Kind kind = Kind.of(text);
          kinds.add(kind);
        }
      } catch (IllegalArgumentException e) {
        return Optional.empty();
      }
    }
    return Optional.of(
        key.equals("silo")
            ? new IndexFilter(null, silos, null)
            : new IndexFilter(null, null, kinds));
  }

  private static Optional<IndexFilter> both(Optional<IndexFilter> a, Optional<IndexFilter> b) {
    if (a.isEmpty() || b.isEmpty()) {
      return Optional.empty();
    }
    IndexFilter l = a.get();
    IndexFilter r = b.get();
    Set<String> tags = l.tags != null && r.tags != null ? union(l.tags, r.tags) : null;
    Set<Silo> silos = intersect(l.silos, r.silos);
    Set<Kind> kinds = intersect(l.kinds, r.kinds);
    if ((silos != null && silos.isEmpty()) || (kinds != null && kinds.isEmpty())) {
      return Optional.empty(); // nothing passes; an empty set would mean "no condition"
    }
    return Optional.of(
        new IndexFilter(tags != null ? tags : l.tags != null ? l.tags : r.tags, silos, kinds));
  }

  private static Optional<IndexFilter> either(Optional<IndexFilter> a, Optional<IndexFilter> b) {
    if (a.isEmpty() || b.isEmpty()) {
      return Optional.empty();
    }
    IndexFilter l = a.get();
    IndexFilter r = b.get();
    if (l.dimensions() != 1 || r.dimensions() != 1) {
      return Optional.empty();
    }
    if (l.silos != null && r.silos != null) {
      return Optional.of(new IndexFilter(null, union(l.silos, r.silos), null));
    }
    if (l.kinds != null && r.kinds != null) {
      return Optional.of(new IndexFilter(null, null, union(l.kinds, r.kinds)));
    }
    return Optional.empty(); // an "or" of tags or across fields is no store filter
  }

  private int dimensions() {
    return (tags != null ? 1 : 0) + (silos != null ? 1 : 0) + (kinds != null ? 1 : 0);
  }

  private static <T> Set<T> intersect(Set<T> a, Set<T> b) {
    if (a == null || b == null) {
      return a == null ? b : a;
    }
    Set<T> both = new HashSet<>(a);
    both.retainAll(b);
    return both;
  }

  private static <T> Set<T> union(Set<T> a, Set<T> b) {
    Set<T> all = new LinkedHashSet<>(a);
    all.addAll(b);
    return all;
  }
}
