package dev.recall4j.core;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The external (JSON, CLI, index) spelling of the model's enums: lower snake case, for example
 * {@code user_correction}. Parsing is case-insensitive and names the field and the accepted values
 * on failure, so every boundary reports an unknown value the same way.
 */
public final class Wire {
  private Wire() {}

  /** The wire name of a constant: {@code USER_CORRECTION -> "user_correction"}. */
  public static String name(Enum<?> value) {
    return value.name().toLowerCase(Locale.ROOT);
  }

  /**
   * Parses a wire name into a constant of {@code type}, naming {@code field} when it is unknown.
   */
  public static <E extends Enum<E>> E parse(Class<E> type, String field, String value) {
    Checks.notBlank(value, field);
    String key = value.strip().toUpperCase(Locale.ROOT).replace('-', '_');
    for (E constant : type.getEnumConstants()) {
      if (constant.name().equals(key)) {
        return constant;
      }
    }
    throw new InvalidFieldException(
        field,
        "unknown value "
            + Checks.excerpt(value)
            + ", expected one of "
            + Arrays.stream(type.getEnumConstants())
                .map(Wire::name)
                .collect(Collectors.joining(", ")));
  }
}
