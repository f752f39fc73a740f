package dev.recall4j.springai;

import dev.recall4j.core.Kind;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Wire;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.springframework.ai.vectorstore.filter.Filter;

/**
 * The exact translation of a Spring AI filter expression onto the engine's filter dimensions, which
 * run inside the index: records carrying all of {@code tags}, in any of {@code silos}, of any of
 * {@code kinds} (an empty set is no condition).
 *
 * <p>Translated: {@code ==} on a string or boolean metadata entry (a {@link MetadataTag}) or on
 * {@code tags}, {@code IN} of one such value, {@code ==} and {@code IN} on {@code silo} and {@code
 * kind}, {@code AND} of these, {@code OR} of two conditions on {@code silo} or two on {@code kind}.
 * Nothing else has a translation (numbers compare across types; {@code title}, {@code project} and
 * {@code session} are scope fields the index matches by other rules; the engine's tags mean "all
 * of"), so the vector store then evaluates the filter itself ({@link DocumentFilter}), and recall
 * refuses it naming the operator.
 *
 * <p>Exact means: a record the store wrote passes these conditions if and only if {@link
 * DocumentFilter} accepts its metadata.
 */
record IndexConditions(Set<String> tags, Set<Silo> silos, Set<Kind> kinds) {
  /** No condition: every record. */
  static final IndexConditions NONE = new IndexConditions(Set.of(), Set.of(), Set.of());

  IndexConditions {
    tags = Set.copyOf(tags);
    silos = Set.copyOf(silos);
    kinds = Set.copyOf(kinds);
  }

  /** The translation of an expression (null: {@link #NONE}), or empty when it has none. */
  static Optional<IndexConditions> of(Filter.Expression expression) {
    return expression == null
        ? Optional.of(NONE)
        : Optional.ofNullable(translate(expression).conditions());
  }

  /**
   * The translation of an expression (null: {@link #NONE}).
   *
   * @throws IllegalArgumentException naming the first operator that has no translation
   */
  static IndexConditions require(Filter.Expression expression) {
    if (expression == null) {
      return NONE;
    }
    Translation translation = translate(expression);
    if (translation.conditions() == null) {
      throw new IllegalArgumentException(
          "filterExpression: recall runs only filters the index runs exactly (== on strings,"
              + " booleans and tags, == and IN on silo and kind, AND of these, OR of silo or"
              + " kind conditions); "
              + translation.refusal()
              + " is not one (in "
              + expression
              + ")");
    }
    return translation.conditions();
  }

  /** Conditions, or null and the part that has none. */
  private record Translation(IndexConditions conditions, String refusal) {
    static Translation of(IndexConditions conditions) {
      return new Translation(conditions, null);
    }

    static Translation none(Filter.Expression e, String what) {
      return new Translation(null, what.isEmpty() ? e.type().name() : e.type() + " " + what);
    }
  }

  private static Translation translate(Filter.Operand operand) {
    if (operand instanceof Filter.Group group) {
      return translate(group.content());
    }
    if (!(operand instanceof Filter.Expression e) || e.type() == null) {
      return new Translation(null, String.valueOf(operand));
    }
    return switch (e.type()) {
      case AND -> both(e);
      case OR -> either(e);
      case EQ, IN -> values(e);
      default -> Translation.none(e, "");
    };
  }

  private static Translation values(Filter.Expression e) {
    if (!(e.left() instanceof Filter.Key k)
        || k.key() == null
        || !(e.right() instanceof Filter.Value v)
        || v.value() == null) {
      return Translation.none(e, "without a key and a value");
    }
    String key = k.key();
    boolean in = e.type() == Filter.ExpressionType.IN;
    if (in && !(v.value() instanceof Collection<?>)) {
      return Translation.none(e, "without a list");
    }
    List<?> values = in ? new ArrayList<>((Collection<?>) v.value()) : List.of(v.value());
    if (values.isEmpty()) {
      return Translation.none(e, "of no value");
    }
    if (key.equals(DocumentRecords.SILO) || key.equals(DocumentRecords.KIND)) {
      return fieldValues(e, key, values);
    }
    if (values.size() > 1) {
      return Translation.none(e, "on " + key + " of several values");
    }
    Object value = values.get(0);
    if (key.equals(DocumentRecords.TAGS)
        && value instanceof String tag
        && !tag.startsWith(MetadataTag.PREFIX)) {
      return Translation.of(new IndexConditions(Set.of(tag), Set.of(), Set.of()));
    }
    if (!DocumentRecords.FIELD_KEYS.contains(key)
        && (value instanceof String || value instanceof Boolean)) {
      String tag = new MetadataTag(key, value).encode();
      return Translation.of(new IndexConditions(Set.of(tag), Set.of(), Set.of()));
    }
    return Translation.none(e, "on " + key + " with " + value);
  }

  /** Silo or kind values, kept only when written exactly as the record field reads back. */
  private static Translation fieldValues(Filter.Expression e, String key, List<?> values) {
    Set<Silo> silos = new HashSet<>();
    Set<Kind> kinds = new HashSet<>();
    for (Object value : values) {
      Optional<?> field = Optional.empty();
      if (value instanceof String text) {
        field = key.equals(DocumentRecords.SILO) ? siloNamed(text) : kindNamed(text);
      }
      Object named = field.orElse(null);
      if (named instanceof Silo silo) {
        silos.add(silo);
      } else if (named instanceof Kind kind) {
        kinds.add(kind);
      } else {
        return Translation.none(e, "on " + key + " with " + value);
      }
    }
    return Translation.of(new IndexConditions(Set.of(), silos, kinds));
  }

  private static Optional<Silo> siloNamed(String text) {
    return Arrays.stream(Silo.values()).filter(silo -> Wire.name(silo).equals(text)).findFirst();
  }

  private static Optional<Kind> kindNamed(String text) {
    try {
      return Optional.of(Kind.of(text));
    } catch (IllegalArgumentException e) {
      return Optional.empty(); // no record can be of that kind: the evaluation says so
    }
  }

  private static Translation both(Filter.Expression e) {
    Translation left = translate(e.left());
    Translation right =
        e.right() == null ? Translation.none(e, "with one side") : translate(e.right());
    if (left.conditions() == null || right.conditions() == null) {
      return left.conditions() == null ? left : right;
    }
    IndexConditions l = left.conditions();
    IndexConditions r = right.conditions();
    Set<Silo> silos = intersect(l.silos, r.silos);
    Set<Kind> kinds = intersect(l.kinds, r.kinds);
    if (silos == null || kinds == null) {
      // Nothing passes; an empty set would mean "no condition".
      return Translation.none(e, "of disjoint silo or kind conditions");
    }
    return Translation.of(new IndexConditions(union(l.tags, r.tags), silos, kinds));
  }

  private static Translation either(Filter.Expression e) {
    Translation left = translate(e.left());
    Translation right =
        e.right() == null ? Translation.none(e, "with one side") : translate(e.right());
    if (left.conditions() == null || right.conditions() == null) {
      return left.conditions() == null ? left : right;
    }
    IndexConditions l = left.conditions();
    IndexConditions r = right.conditions();
    if (l.onlySilos() && r.onlySilos()) {
      return Translation.of(new IndexConditions(Set.of(), union(l.silos, r.silos), Set.of()));
    }
    if (l.onlyKinds() && r.onlyKinds()) {
      return Translation.of(new IndexConditions(Set.of(), Set.of(), union(l.kinds, r.kinds)));
    }
    return Translation.none(e, "other than of two silo or two kind conditions");
  }

  private boolean onlySilos() {
    return tags.isEmpty() && kinds.isEmpty() && !silos.isEmpty();
  }

  private boolean onlyKinds() {
    return tags.isEmpty() && silos.isEmpty() && !kinds.isEmpty();
  }

  /** Both conditions on one dimension; null when they exclude each other. */
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
