package dev.recall4j.springai;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Collection;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;
import java.util.function.Predicate;
import org.springframework.ai.vectorstore.filter.Filter;
import org.springframework.ai.vectorstore.filter.Filter.ExpressionType;

/**
 * A Spring AI portable filter expression, checked once, then evaluated over the metadata of one
 * record ({@link DocumentRecords#view}).
 *
 * <p>Every operator is supported: {@code AND}, {@code OR}, {@code NOT}, {@code EQ}, {@code NE},
 * {@code GT}, {@code GTE}, {@code LT}, {@code LTE}, {@code IN}, {@code NIN}, {@code ISNULL}, {@code
 * ISNOTNULL}. Values are strings, booleans, numbers (compared as doubles: {@code 2020}, {@code
 * 2020L} and {@code 2020.0} are equal) and dates (compared as the ISO-8601 UTC text Spring AI
 * writes them as, {@code 2024-05-01T10:00:00Z}). A comparison with a missing key or with a value of
 * another type is false; {@code NE} and {@code NIN} are the negations of {@code EQ} and {@code IN},
 * so they hold there. The key {@code tags} holds the record's own tags: {@code EQ}/{@code NE} ask
 * whether the record carries a tag, {@code IN}/{@code NIN} whether it carries any of several.
 *
 * <p>An expression outside these rules is refused when checked, with a message naming the operator:
 * an ordered comparison ({@code GT}, {@code GTE}, {@code LT}, {@code LTE}) of a boolean or on
 * {@code tags}, a value of another type, {@code IN}/{@code NIN} without a list, a missing or
 * misplaced operand. Immutable and thread-safe.
 */
final class DocumentFilter {
  private static final DateTimeFormatter SPRING_AI_DATE =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'Z'").withZone(ZoneOffset.UTC);

  private final Predicate<Map<String, Object>> test;

  private DocumentFilter(Predicate<Map<String, Object>> test) {
    this.test = test;
  }

  /**
   * The checked expression.
   *
   * @throws IllegalArgumentException naming the operator of the first part that breaks the rules
   */
  static DocumentFilter of(Filter.Expression expression) {
    return new DocumentFilter(compile(expression));
  }

  /** Whether a record with this metadata passes. */
  boolean test(Map<String, Object> metadata) {
    return test.test(metadata);
  }

  private static Predicate<Map<String, Object>> compile(Filter.Operand operand) {
    if (operand instanceof Filter.Group group) {
      return compile(group.content());
    }
    if (operand instanceof Filter.Expression expression) {
      return expression(expression);
    }
    throw new IllegalArgumentException("filter: not an expression: " + operand);
  }

  private static Predicate<Map<String, Object>> expression(Filter.Expression e) {
    if (e.type() == null) {
      throw new IllegalArgumentException("filter: an expression has no operator: " + e);
    }
    return switch (e.type()) {
      case AND -> condition(e, e.left()).and(condition(e, e.right()));
      case OR -> condition(e, e.left()).or(condition(e, e.right()));
      case NOT -> unary(e, condition(e, e.left())).negate();
      case EQ, NE, GT, GTE, LT, LTE -> comparison(e);
      case IN -> membership(e);
      case NIN -> membership(e).negate();
      case ISNULL -> unary(e, present(e).negate());
      case ISNOTNULL -> unary(e, present(e));
    };
  }

  /** An operand of AND, OR or NOT: an expression or a group. */
  private static Predicate<Map<String, Object>> condition(
      Filter.Expression e, Filter.Operand side) {
    if (!(side instanceof Filter.Expression || side instanceof Filter.Group)) {
      throw refused(e, "combines expressions, got " + side);
    }
    return compile(side);
  }

  private static Predicate<Map<String, Object>> present(Filter.Expression e) {
    String key = key(e);
    return metadata -> metadata.get(key) != null;
  }

  private static Predicate<Map<String, Object>> unary(
      Filter.Expression e, Predicate<Map<String, Object>> test) {
    if (e.right() != null) {
      throw refused(e, "takes one operand, got also " + e.right());
    }
    return test;
  }

  private static Predicate<Map<String, Object>> comparison(Filter.Expression e) {
    String key = key(e);
    Object value = scalar(e, e.right() instanceof Filter.Value v ? v.value() : e.right());
    ExpressionType type = e.type();
    boolean equality = type == ExpressionType.EQ || type == ExpressionType.NE;
    if (key.equals(DocumentRecords.TAGS)) {
      if (!equality || !(value instanceof String)) {
        throw refused(e, "tags holds the record's tags: use ==, !=, IN or NIN with strings");
      }
      Predicate<Map<String, Object>> carries = metadata -> tags(metadata).contains(value);
      return type == ExpressionType.EQ ? carries : carries.negate();
    }
    if (value instanceof Boolean && !equality) {
      throw refused(e, "booleans have no order; use == or !=");
    }
    return switch (type) {
      case EQ -> holds(key, value, order -> order == 0);
      case NE -> holds(key, value, order -> order == 0).negate();
      case GT -> holds(key, value, order -> order > 0);
      case GTE -> holds(key, value, order -> order >= 0);
      case LT -> holds(key, value, order -> order < 0);
      default -> holds(key, value, order -> order <= 0);
    };
  }

  private static Predicate<Map<String, Object>> membership(Filter.Expression e) {
    String key = key(e);
    if (!(e.right() instanceof Filter.Value v) || !(v.value() instanceof Collection<?> given)) {
      throw refused(e, "needs a list of values, got " + e.right());
    }
    List<Object> values = given.stream().map(value -> scalar(e, value)).toList();
    if (key.equals(DocumentRecords.TAGS)) {
      if (!values.stream().allMatch(String.class::isInstance)) {
        throw refused(e, "tags holds the record's tags: compare them with strings");
      }
      return metadata -> values.stream().anyMatch(tags(metadata)::contains);
    }
    List<Predicate<Map<String, Object>>> equalities =
        values.stream().map(value -> holds(key, value, order -> order == 0)).toList();
    return metadata -> equalities.stream().anyMatch(equal -> equal.test(metadata));
  }

  private static String key(Filter.Expression e) {
    if (!(e.left() instanceof Filter.Key key) || key.key() == null || key.key().isBlank()) {
      throw refused(e, "needs a metadata key on the left, got " + e.left());
    }
    return key.key();
  }

  /** A value as compared: strings, booleans and numbers as they are, dates as Spring AI's text. */
  private static Object scalar(Filter.Expression e, Object value) {
    if (value instanceof String || value instanceof Boolean || value instanceof Number) {
      return value;
    }
    if (value instanceof Date date) {
      return SPRING_AI_DATE.format(date.toInstant());
    }
    throw refused(
        e,
        value == null
            ? "needs a value on the right"
            : "compares strings, numbers, booleans or dates, got a " + value.getClass().getName());
  }

  @SuppressWarnings("unchecked")
  private static List<String> tags(Map<String, Object> metadata) {
    Object tags = metadata.get(DocumentRecords.TAGS);
    return tags == null ? List.of() : (List<String>) tags;
  }

  /** Whether the key's value and {@code value} are comparable and their order passes. */
  private static Predicate<Map<String, Object>> holds(String key, Object value, IntPredicate test) {
    return metadata -> {
      Integer order = compare(metadata.get(key), value);
      return order != null && test.test(order);
    };
  }

  /** The order of a stored value against a filter value, or null when they do not compare. */
  private static Integer compare(Object stored, Object value) {
    if (stored instanceof Number n && value instanceof Number v) {
      return Double.compare(n.doubleValue(), v.doubleValue());
    }
    if (stored instanceof String s && value instanceof String v) {
      return s.compareTo(v);
    }
    if (stored instanceof Boolean b && value instanceof Boolean v) {
      return Boolean.compare(b, v);
    }
    return null;
  }

  private static IllegalArgumentException refused(Filter.Expression e, String why) {
    return new IllegalArgumentException("filter: " + e.type() + " " + why + " (in " + e + ")");
  }
}
