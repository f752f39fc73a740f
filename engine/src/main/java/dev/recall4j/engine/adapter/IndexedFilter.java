package dev.recall4j.engine.adapter;

import dev.recall4j.core.Checks;
import dev.recall4j.core.Kind;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Wire;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * A filter the engine's index runs exactly, which the adapters translate their frameworks' filters
 * into: records carrying every one of {@code tags}, in any of {@code silos}, of any of {@code
 * kinds}; an empty set is no condition. Combining keeps it exact or gives nothing: {@link #and}
 * unless the silo or kind conditions exclude each other (an empty set would mean "any"), {@link
 * #or} only of two silo or two kind conditions (the index's tags mean "all of", and it has no "or"
 * across dimensions). A framework filter without a translation is evaluated over the records
 * instead ({@link NamespaceRecords}), so no condition is dropped or approximated.
 *
 * @param tags all of these tags
 * @param silos any of these silos
 * @param kinds any of these kinds
 */
public record IndexedFilter(Set<String> tags, Set<Silo> silos, Set<Kind> kinds) {
  /** No condition: every record. */
  public static final IndexedFilter NONE = new IndexedFilter(Set.of(), Set.of(), Set.of());

  /**
   * @throws IllegalArgumentException naming the field that is null
   */
  public IndexedFilter {
    tags = Set.copyOf(Checks.notNull(tags, "tags"));
    silos = Set.copyOf(Checks.notNull(silos, "silos"));
    kinds = Set.copyOf(Checks.notNull(kinds, "kinds"));
  }

  /** Records carrying this tag, e.g. a {@link MetadataTag}. */
  public static IndexedFilter tag(String tag) {
    return new IndexedFilter(Set.of(tag), Set.of(), Set.of());
  }

  /**
   * Records in any of the silos named, or empty when a value is no silo's wire name as the record
   * field reads back ({@code rag}, not {@code RAG}: the framework compares that text), or there is
   * none.
   */
  public static Optional<IndexedFilter> silos(Collection<?> names) {
    return all(names, IndexedFilter::siloNamed)
        .map(silos -> new IndexedFilter(Set.of(), silos, Set.of()));
  }

  /** Records of any of the kinds named exactly, or empty when a value names no kind or none. */
  public static Optional<IndexedFilter> kinds(Collection<?> names) {
    return all(names, IndexedFilter::kindNamed)
        .map(kinds -> new IndexedFilter(Set.of(), Set.of(), kinds));
  }

  /** Records that pass both, or empty when the silo or kind conditions exclude each other. */
  public Optional<IndexedFilter> and(IndexedFilter other) {
    Set<Silo> bothSilos = intersect(silos, other.silos);
    Set<Kind> bothKinds = intersect(kinds, other.kinds);
    if (bothSilos == null || bothKinds == null) {
      return Optional.empty();
    }
    return Optional.of(new IndexedFilter(union(tags, other.tags), bothSilos, bothKinds));
  }

  /** Records that pass either, or empty unless both are silo conditions or both kind ones. */
  public Optional<IndexedFilter> or(IndexedFilter other) {
    if (onlySilos() && other.onlySilos()) {
      return Optional.of(new IndexedFilter(Set.of(), union(silos, other.silos), Set.of()));
    }
    if (onlyKinds() && other.onlyKinds()) {
      return Optional.of(new IndexedFilter(Set.of(), Set.of(), union(kinds, other.kinds)));
    }
    return Optional.empty();
  }

  private boolean onlySilos() {
    return tags.isEmpty() && kinds.isEmpty() && !silos.isEmpty();
  }

  private boolean onlyKinds() {
    return tags.isEmpty() && silos.isEmpty() && !kinds.isEmpty();
  }

  /** What each name names, or empty when one names nothing or there is none. */
  private static <T> Optional<Set<T>> all(
      Collection<?> names, Function<Object, Optional<T>> named) {
    Set<T> values = new HashSet<>();
    for (Object name : names) {
      Optional<T> value = named.apply(name);
      if (value.isEmpty()) {
        return Optional.empty();
      }
      values.add(value.get());
    }
    return values.isEmpty() ? Optional.empty() : Optional.of(values);
  }

  private static Optional<Silo> siloNamed(Object name) {
    for (Silo silo : Silo.values()) {
      if (Wire.name(silo).equals(name)) {
        return Optional.of(silo);
      }
    }
    return Optional.empty();
  }

  private static Optional<Kind> kindNamed(Object name) {
    if (!(name instanceof String text)) {
      return Optional.empty();
    }
    try {
      return Optional.of(Kind.of(text));
    } catch (IllegalArgumentException e) {
      return Optional.empty(); // no record can be of that kind: the evaluation says so
    }
  }

  /** Both conditions on one dimension (empty: none); null when they exclude each other. */
  private static <T> Set<T> intersect(Set<T> a, Set<T> b) {
    if (a.isEmpty() || b.isEmpty()) {
      return a.isEmpty() ? b : a;
    }
    Set<T> both = new HashSet<>(a);
    both.retainAll(b);
    return both.isEmpty() ? null : both;
  }

  private static <T> Set<T> union(Set<T> a, Set<T> b) {
    Set<T> all = new LinkedHashSet<>(a);
    all.addAll(b);
    return all;
  }
}
