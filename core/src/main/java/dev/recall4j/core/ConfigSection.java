package dev.recall4j.core;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.DoubleConsumer;
import java.util.function.IntConsumer;

/**
 * One mapping of a configuration file ({@code recall4j.yaml}), read with its dotted path so that
 * every error names the key: the one reader every module's settings use, each module reading its
 * own section. Values are the plain Java values a YAML or JSON parser gives (maps, lists, strings,
 * numbers, booleans, null); a key whose value is null counts as absent.
 *
 * <p>Reading is by callbacks that run only when the key is present, so a settings record applies
 * what a file says over its defaults. A setter that refuses a value ({@link
 * IllegalArgumentException}) is reported under the key with the value, unless its message already
 * starts with the key. Immutable; not for concurrent mutation of the underlying map.
 */
public final class ConfigSection {
  private final Map<String, Object> values;
  private final String path;

  private ConfigSection(Map<String, Object> values, String path) {
    this.values = values;
    this.path = path;
  }

  /**
   * A section of parsed values.
   *
   * @param value what the parser gave for it: must be a map
   * @param path its dotted path ({@code recall.links}), empty for the top level
   * @throws IllegalArgumentException naming the path when the value is not a mapping
   */
  public static ConfigSection of(Object value, String path) {
    Checks.notNull(path, "path");
    if (!(value instanceof Map<?, ?> map)) {
      throw new IllegalArgumentException(
          (path.isEmpty() ? "the top level" : path) + ": must be a mapping, got " + kind(value));
    }
    Map<String, Object> values = new LinkedHashMap<>();
    map.forEach((k, v) -> values.put(String.valueOf(k), v));
    return new ConfigSection(values, path);
  }

  /** An empty section at this path: every read finds nothing. */
  public static ConfigSection empty(String path) {
    return new ConfigSection(Map.of(), path);
  }

  /** The dotted path of this section, empty for the top level. */
  public String path() {
    return path;
  }

  /** The dotted path of a key of this section. */
  public String key(String name) {
    return path.isEmpty() ? name : path + "." + name;
  }

  /** Whether the key is present with a value that is not null. */
  public boolean has(String name) {
    return values.get(name) != null;
  }

  /** Whether the key holds a mapping (a nested section). */
  public boolean hasSection(String name) {
    return values.get(name) instanceof Map<?, ?>;
  }

  /** The keys present, in file order. */
  public Set<String> names() {
    return values.keySet();
  }

  /**
   * Refuses a key not among {@code allowed}, naming it and the known ones.
   *
   * @throws IllegalArgumentException {@code PATH.KEY: unknown setting, expected one of ...}
   */
  public ConfigSection allow(String... allowed) {
    return allow(Set.of(allowed));
  }

  /** {@link #allow(String...)} with a set. */
  public ConfigSection allow(Collection<String> allowed) {
    for (String name : values.keySet()) {
      if (!allowed.contains(name)) {
        throw new IllegalArgumentException(
            key(name)
                + ": unknown setting, expected one of "
                + String.join(", ", new TreeSet<>(allowed)));
      }
    }
    return this;
  }

  /** Reads a nested mapping when present. */
  public void section(String name, Consumer<ConfigSection> reader) {
    Object value = values.get(name);
    if (value != null) {
      reader.accept(of(value, key(name)));
    }
  }

  /** The nested mapping, or an empty one when the key is absent. */
  public ConfigSection section(String name) {
    Object value = values.get(name);
    return value == null ? empty(key(name)) : of(value, key(name));
  }

  /**
   * Reads each mapping of a list when present ({@code sources: [{...}, {...}]}), as {@code
   * PATH.NAME[I]}.
   */
  public void sections(String name, Consumer<ConfigSection> reader) {
    Object value = values.get(name);
    if (value == null) {
      return;
    }
    if (!(value instanceof List<?> list)) {
      throw new IllegalArgumentException(key(name) + ": must be a list, got " + kind(value));
    }
    for (int i = 0; i < list.size(); i++) {
      reader.accept(of(list.get(i), key(name) + "[" + i + "]"));
    }
  }

  /** A single value (string, number or boolean) as text. */
  public void text(String name, Consumer<String> setter) {
    Object value = values.get(name);
    if (value == null) {
      return;
    }
    if (value instanceof Map<?, ?> || value instanceof List<?>) {
      throw new IllegalArgumentException(
          key(name) + ": must be a single value, got " + kind(value));
    }
    withKey(name, value, () -> setter.accept(String.valueOf(value)));
  }

  /** The text of a key, or null when absent. */
  public String text(String name) {
    String[] out = {null};
    text(name, v -> out[0] = v);
    return out[0];
  }

  /** A whole number that fits an {@code int}. */
  public void integer(String name, IntConsumer setter) {
    Object value = values.get(name);
    if (value == null) {
      return;
    }
    if (!(value instanceof Integer || value instanceof Long || value instanceof Short)
        || ((Number) value).longValue() != ((Number) value).intValue()) {
      throw new IllegalArgumentException(
          key(name) + ": must be a whole number, got " + show(value));
    }
    withKey(name, value, () -> setter.accept(((Number) value).intValue()));
  }

  /** {@code true} or {@code false}. */
  public void bool(String name, Consumer<Boolean> setter) {
    Object value = values.get(name);
    if (value == null) {
      return;
    }
    if (!(value instanceof Boolean b)) {
      throw new IllegalArgumentException(key(name) + ": must be true or false, got " + show(value));
    }
    withKey(name, value, () -> setter.accept(b));
  }

  /** Any number. */
  public void number(String name, DoubleConsumer setter) {
    Object value = values.get(name);
    if (value == null) {
      return;
    }
    if (!(value instanceof Number n)) {
      throw new IllegalArgumentException(key(name) + ": must be a number, got " + show(value));
    }
    withKey(name, value, () -> setter.accept(n.doubleValue()));
  }

  /** A list of texts; a single text counts as a list of one. */
  public void list(String name, Consumer<List<String>> setter) {
    Object value = values.get(name);
    if (value == null) {
      return;
    }
    List<?> items = value instanceof List<?> l ? l : List.of(value);
    List<String> texts = new ArrayList<>();
    for (Object item : items) {
      if (!(item instanceof String text)) {
        throw new IllegalArgumentException(
            key(name) + ": must be a list of texts, got " + show(value));
      }
      texts.add(text);
    }
    withKey(name, value, () -> setter.accept(List.copyOf(texts)));
  }

  private void withKey(String name, Object value, Runnable set) {
    try {
      set.run();
    } catch (IllegalArgumentException e) {
      String message = e.getMessage();
      throw new IllegalArgumentException(
          message != null && message.startsWith(key(name))
              ? message
              : key(name) + ": bad value " + show(value) + ": " + message,
          e);
    }
  }

  private static String show(Object value) {
    return value instanceof String s ? "\"" + s + "\"" : String.valueOf(value);
  }

  private static String kind(Object value) {
    if (value == null) {
      return "nothing";
    }
    if (value instanceof Map<?, ?>) {
      return "a mapping";
    }
    if (value instanceof List<?>) {
      return "a list";
    }
    return show(value);
  }
}
