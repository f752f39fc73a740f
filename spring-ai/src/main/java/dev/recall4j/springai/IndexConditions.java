package dev.recall4j.springai;

import dev.recall4j.core.Kind;
import dev.recall4j.core.Silo;
import dev.recall4j.engine.adapter.IndexedFilter;
import dev.recall4j.engine.adapter.MetadataTag;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.springframework.ai.vectorstore.filter.Filter;

/**
 * The exact translation of a Spring AI filter expression onto the engine's filter dimensions, which
 * run inside the index ({@link IndexedFilter}): records carrying all of {@code tags}, in any of
 * {@code silos}, of any of {@code kinds} (an empty set is no condition).
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
 *
 * @param indexed the conditions the index runs
 */
record IndexConditions(IndexedFilter indexed) {
  /** The translation of an expression (null: no condition), or empty when it has none. */
  static Optional<IndexConditions> of(Filter.Expression expression) {
    return expression == null
        ? Optional.of(new IndexConditions(IndexedFilter.NONE))
        : Optional.ofNullable(translate(expression).conditions()).map(IndexConditions::new);
  }

  /**
   * The translation of an expression (null: no condition).
   *
   * @throws IllegalArgumentException naming the first operator that has no translation
   */
  static IndexedFilter require(Filter.Expression expression) {
    if (expression == null) {
      return IndexedFilter.NONE;
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

  /** All of these tags. */
  Set<String> tags() {
    return indexed.tags();
  }

  /** Any of these silos (empty: any silo). */
  Set<Silo> silos() {
    return indexed.silos();
  }

  /** Any of these kinds (empty: any kind). */
  Set<Kind> kinds() {
    return indexed.kinds();
  }

  /** Conditions, or null and the part that has none. */
  private record Translation(IndexedFilter conditions, String refusal) {
    static Translation of(IndexedFilter conditions) {
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
      case AND -> combine(e, "of disjoint silo or kind conditions", true);
      case OR -> combine(e, "other than of two silo or two kind conditions", false);
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
      for (Object value : values) {
        if (field(key, List.of(value)).isEmpty()) {
          return Translation.none(e, "on " + key + " with " + value);
        }
      }
      return Translation.of(field(key, values).orElseThrow());
    }
    if (values.size() > 1) {
      return Translation.none(e, "on " + key + " of several values");
    }
    Object value = values.get(0);
    if (key.equals(DocumentRecords.TAGS)
        && value instanceof String tag
        && !tag.startsWith(MetadataTag.PREFIX)) {
      return Translation.of(IndexedFilter.tag(tag));
    }
    if (!key.equals(DocumentRecords.TAGS)
        && !DocumentRecords.FIELDS.isField(key)
        && (value instanceof String || value instanceof Boolean)) {
      return Translation.of(IndexedFilter.tag(new MetadataTag(key, value).encode()));
    }
    return Translation.none(e, "on " + key + " with " + value);
  }

  /** Silo or kind values, kept only when written exactly as the record field reads back. */
  private static Optional<IndexedFilter> field(String key, List<?> values) {
    return key.equals(DocumentRecords.SILO)
        ? IndexedFilter.silos(values)
        : IndexedFilter.kinds(values);
  }

  /** {@code AND} or {@code OR} of two translations, or the refusal of the first without one. */
  private static Translation combine(Filter.Expression e, String refusal, boolean and) {
    Translation left = translate(e.left());
    Translation right =
        e.right() == null ? Translation.none(e, "with one side") : translate(e.right());
    if (left.conditions() == null || right.conditions() == null) {
      return left.conditions() == null ? left : right;
    }
    Optional<IndexedFilter> both =
        and ? left.conditions().and(right.conditions()) : left.conditions().or(right.conditions());
    return both.map(Translation::of).orElseGet(() -> Translation.none(e, refusal));
  }
}
