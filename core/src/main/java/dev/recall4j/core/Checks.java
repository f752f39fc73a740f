package dev.recall4j.core;

import java.util.Locale;

/**
 * Argument checks shared by every module, so that each bad value is reported the same way: the
 * field (or setting) name, the offending value and what was expected. Every check throws an {@link
 * InvalidFieldException}, which carries the field apart from the message.
 *
 * <p>Not part of the promised API; public only because the modules live in separate packages.
 */
public final class Checks {
  private Checks() {}

  /**
   * Throws {@link InvalidFieldException} naming the field, with the formatted message, unless ok.
   */
  public static void require(boolean ok, String field, String message, Object... args) {
    if (!ok) {
      throw new InvalidFieldException(field, String.format(Locale.ROOT, message, args));
    }
  }

  /**
   * {@link #require(boolean, String, String, Object...)} with one whole number, boxed only when it
   * throws: the checks run on every record a store reads, where boxing a valid value for a message
   * never shown was a large share of decoding one (a {@code char} argument widens to a number
   * here).
   */
  public static void require(boolean ok, String field, String message, long value) {
    if (!ok) {
      require(false, field, message, (Object) value);
    }
  }

  /** {@link #require(boolean, String, String, long)} with two whole numbers. */
  public static void require(boolean ok, String field, String message, long first, long second) {
    if (!ok) {
      require(false, field, message, (Object) first, (Object) second);
    }
  }

  /** Returns the value, or throws naming the field when it is null. */
  public static <T> T notNull(T value, String field) {
    if (value == null) {
      throw new InvalidFieldException(field, "must not be null");
    }
    return value;
  }

  /** Returns the trimmed text, or throws naming the field when it is null or blank. */
  public static String notBlank(String value, String field) {
    if (value == null || value.isBlank()) {
      throw new InvalidFieldException(
          field, "must not be " + (value == null ? "null" : "empty or blank"));
    }
    return value.strip();
  }

  /** Returns the stripped text, or null when it is null or blank: for optional text fields. */
  public static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value.strip();
  }

  /** Returns the value when it is finite and inside [min, max], else throws naming the field. */
  public static double inRange(double value, double min, double max, String field) {
    if (!Double.isFinite(value) || value < min || value > max) {
      throw new InvalidFieldException(
          field, "must be a finite number in [" + min + ", " + max + "], got " + value);
    }
    return value;
  }

  /**
   * Returns the text, or throws naming the field when it holds a lone UTF-16 surrogate: a Java
   * string may, but UTF-8 (files, the index) cannot encode one, so it would be stored as U+FFFD and
   * no longer match its content hash. Null passes.
   */
  public static String wellFormed(String value, String field) {
    int at = value == null ? -1 : loneSurrogate(value);
    if (at >= 0) {
      throw new InvalidFieldException(
          field,
          String.format(
              Locale.ROOT,
              "a lone UTF-16 surrogate (U+%04X) at character %d, which UTF-8 cannot store;"
                  + " remove it or complete the pair",
              (int) value.charAt(at),
              at));
    }
    return value;
  }

  /**
   * The index of the first unpaired surrogate in the text, or -1 when it is valid Unicode. One test
   * per character for the usual text, which holds no surrogate at all (every record read is
   * checked).
   */
  public static int loneSurrogate(String text) {
    for (int i = 0, length = text.length(); i < length; i++) {
      char c = text.charAt(i);
      if ((c & 0xF800) != 0xD800) {
        continue; // not a surrogate
      }
      if (Character.isHighSurrogate(c)
          && i + 1 < length
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        i++;
      } else {
        return i;
      }
    }
    return -1;
  }

  /**
   * {@link #excerpt}, made only when printed: the argument of a {@link #require} that runs on every
   * record a store reads, where building the excerpt of a valid value for a message never shown was
   * a few percent of a recall's allocation.
   */
  public static Object excerptIfShown(String text) {
    return new Object() {
      @Override
      public String toString() {
        return excerpt(text);
      }
    };
  }

  /** Shortens text for an error message so that a 1 MB value does not flood the log. */
  public static String excerpt(String text) {
    if (text == null) {
      return "null";
    }
    return text.length() <= 60 ? '"' + text + '"' : '"' + text.substring(0, 57) + "...\"";
  }
}
