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

  /** Each enum's constants, once: {@link Class#getEnumConstants()} copies them on every call. */
  private static final ClassValue<Enum<?>[]> CONSTANTS =
      new ClassValue<>() {
        @Override
        protected Enum<?>[] computeValue(Class<?> type) {
          return (Enum<?>[]) type.getEnumConstants();
        }
      };

  /**
   * Parses a wire name into a constant of {@code type}, naming {@code field} when it is unknown.
   */
  public static <E extends Enum<E>> E parse(Class<E> type, String field, String value) {
    Checks.notBlank(value, field);
    // A store parses four enums of every record it reads: a name as written (ASCII, any case) is
    // matched without building the upper-case key; anything else takes the general path.
    String stripped = value.strip();
    for (Enum<?> constant : CONSTANTS.get(type)) {
      if (spells(stripped, constant.name())) {
        return type.cast(constant);
      }
    }
    String key = stripped.toUpperCase(Locale.ROOT).replace('-', '_');
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

  /**
   * Whether {@code value} is {@code name} with ASCII letters in any case and {@code -} for {@code
   * _}: what the upper-case key of {@link #parse} equals for such a value.
   */
  private static boolean spells(String value, String name) {
    if (value.length() != name.length()) {
      return false;
    }
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      char key = c == '-' ? '_' : c >= 'a' && c <= 'z' ? (char) (c - ('a' - 'A')) : c;
      if (key != name.charAt(i)) {
        return false;
      }
    }
    return true;
  }
}
