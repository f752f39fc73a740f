package dev.recall4j.server;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The arguments of one call, as a client sent them (MCP {@code arguments}, a JSON body or query
 * parameters), read with the checks every operation needs. Every problem is an {@link
 * IllegalArgumentException} whose message starts with {@code argument 'name':}, so the client
 * learns which argument to fix; reading never changes anything.
 */
final class Arguments {
  private final Map<String, Object> values;

  private Arguments(Map<String, Object> values) {
    this.values = values;
  }

  /** The arguments of a call to {@code tool}, refusing names its schema does not declare. */
  static Arguments of(Tool tool, Map<String, Object> values) {
    Map<String, Object> given = values == null ? Map.of() : values;
    Set<String> declared = tool.spec().argumentNames();
    TreeSet<String> unknown = new TreeSet<>(given.keySet());
    unknown.removeAll(declared);
    if (!unknown.isEmpty()) {
      throw bad(
          unknown.first(),
          "unknown argument of "
              + tool.wireName()
              + "; expected one of "
              + String.join(", ", new TreeSet<>(declared)));
    }
    return new Arguments(given);
  }

  static ArgumentException bad(String name, String problem) {
    return new ArgumentException(name, problem);
  }

  /** A non-blank string, or an error naming the argument. */
  String required(String name) {
    String value = string(name);
    if (value == null) {
      throw bad(name, "required");
    }
    return value;
  }

  /** The string, stripped; null when absent. A blank string counts as absent. */
  String string(String name) {
    Object value = values.get(name);
    if (value == null) {
      return null;
    }
    if (!(value instanceof String s)) {
      throw bad(name, "must be a string, got " + describe(value));
    }
    return s.isBlank() ? null : s.strip();
  }

  Integer integer(String name, int min, int max) {
    Object value = values.get(name);
    if (value == null) {
      return null;
    }
    long number;
    if (value instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())) {
      number = n.longValue();
    } else if (value instanceof String s && s.strip().matches("-?\\d{1,18}")) {
      number = Long.parseLong(s.strip()); // query parameters arrive as text
    } else {
      throw bad(name, "must be an integer, got " + describe(value));
    }
    if (number < min || number > max) {
      throw bad(name, "must be in [" + min + ", " + max + "], got " + number);
    }
    return (int) number;
  }

  Double number(String name) {
    Object value = values.get(name);
    if (value == null) {
      return null;
    }
    double number;
    try {
      number = value instanceof Number n ? n.doubleValue() : Double.parseDouble((String) value);
    } catch (ClassCastException | NumberFormatException e) {
      throw bad(name, "must be a number, got " + describe(value));
    }
    if (!Double.isFinite(number) || number < 0) {
      throw bad(name, "must be a finite number >= 0, got " + value);
    }
    return number;
  }

  boolean flag(String name) {
    Object value = values.get(name);
    if (value == null) {
      return false;
    }
    if (value instanceof Boolean b) {
      return b;
    }
    if (value instanceof String s && (s.equals("true") || s.equals("false"))) {
      return Boolean.parseBoolean(s);
    }
    throw bad(name, "must be true or false, got " + describe(value));
  }

  /** A list of non-blank strings; a single string counts as a list of one. Empty when absent. */
  List<String> strings(String name) {
    Object value = values.get(name);
    if (value == null) {
      return List.of();
    }
    List<?> raw = value instanceof List<?> list ? list : List.of(value);
    List<String> strings = new ArrayList<>(raw.size());
    for (Object item : raw) {
      if (!(item instanceof String s) || s.isBlank()) {
        throw bad(name, "must be a list of non-blank strings, got " + describe(item));
      }
      strings.add(s.strip());
    }
    return strings;
  }

  private static String describe(Object value) {
    String text = String.valueOf(value);
    return text.length() > 40 ? text.substring(0, 40) + "…" : text;
  }
}
