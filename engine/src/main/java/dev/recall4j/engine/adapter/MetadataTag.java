package dev.recall4j.engine.adapter;

import dev.recall4j.core.Checks;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.UUID;

/**
 * One framework metadata entry as a record tag, and back: {@code meta:key=value} for a string,
 * {@code meta:key#uuid=…}, {@code #bool}, {@code #int}, {@code #long}, {@code #float} or {@code
 * #double} for the other types, so the value comes back with its type. The one format of every
 * framework adapter, so a record written through one reads back in another.
 *
 * <p>Tags are the record's one indexed, exactly compared, multi-valued field, so equality filters
 * on metadata run inside the index. Tags are stripped of surrounding whitespace and must not be
 * blank; the key and value are therefore percent-escaped (the UTF-8 bytes, upper-case hex) where
 * they hold {@code %}, whitespace or control characters (the key also {@code =} and {@code #}), so
 * {@code " "} and {@code ""} survive. Numbers are written by {@code toString}, which parses back to
 * the same value. Reading is lenient where writing is strict: a {@code %} not followed by two hex
 * digits stays as it is, since tags may also come from people ({@code meta:discount=50%}).
 *
 * @param key the metadata key
 * @param value a {@code String}, {@code UUID}, {@code Boolean}, {@code Integer}, {@code Long},
 *     {@code Float} or {@code Double}
 */
public record MetadataTag(String key, Object value) {
  /** What every metadata tag starts with; other tags are the record's own. */
  public static final String PREFIX = "meta:";

  /** The longest tag a record accepts ({@code MemoryRecord} checks it). */
  public static final int MAX_CHARS = 64;

  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  /**
   * @throws IllegalArgumentException naming {@code metadata.key} when the value is null or of no
   *     type above
   */
  public MetadataTag {
    Checks.notNull(key, "key");
    Checks.notNull(value, "metadata." + key);
    type(key, value);
  }

  /**
   * The tag a record stores for one entry.
   *
   * @throws IllegalArgumentException naming {@code metadata.key} when the value is of no type
   *     above, or when the tag is longer than {@link #MAX_CHARS}
   */
  public static String tagOf(String key, Object value) {
    String tag = new MetadataTag(key, value).encode();
    if (tag.length() > MAX_CHARS) {
      throw new IllegalArgumentException(
          "metadata."
              + key
              + ": key and value take "
              + tag.length()
              + " characters as the tag "
              + tag.substring(0, 24)
              + "…; at most "
              + MAX_CHARS
              + " fit (a record tag); put long text in the text, or in a title");
    }
    return tag;
  }

  /**
   * The tag text, of any length: a filter on a longer one matches no record, since none can hold it
   * ({@link #tagOf} is the check for writing).
   */
  public String encode() {
    return PREFIX + escape(key, true) + type(key, value) + "=" + escape(value.toString(), false);
  }

  /**
   * The entry a tag holds, or empty for a tag that is not a metadata tag.
   *
   * @throws IllegalArgumentException naming {@code tags} for a metadata tag of an unknown type or
   *     whose value does not parse as its type
   */
  public static Optional<MetadataTag> decode(String tag) {
    if (!tag.startsWith(PREFIX)) {
      return Optional.empty();
    }
    int equals = tag.indexOf('=', PREFIX.length());
    if (equals < 0) {
      return Optional.empty();
    }
    String keyAndType = tag.substring(PREFIX.length(), equals);
    String text = unescape(tag.substring(equals + 1));
    int hash = keyAndType.lastIndexOf('#');
    String key = unescape(hash < 0 ? keyAndType : keyAndType.substring(0, hash));
    String type = hash < 0 ? "" : keyAndType.substring(hash + 1);
    Object value;
    try {
      value = parse(type, text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("tags: no " + type + " value in " + tag, e);
    }
    if (value == null) {
      throw new IllegalArgumentException("tags: unknown metadata type in " + tag);
    }
    return Optional.of(new MetadataTag(key, value));
  }

  /** The value of a type suffix (without {@code #}), or null for an unknown type. */
  private static Object parse(String type, String text) {
    return switch (type) {
      case "" -> text;
      case "uuid" -> UUID.fromString(text);
      case "bool" -> Boolean.valueOf(text);
      case "int" -> Integer.valueOf(text);
      case "long" -> Long.valueOf(text);
      case "float" -> Float.valueOf(text);
      case "double" -> Double.valueOf(text);
      default -> null;
    };
  }

  /** The type suffix of a value, {@code ""} for a string. */
  private static String type(String key, Object value) {
    return switch (value) {
      case String s -> "";
      case UUID u -> "#uuid";
      case Boolean b -> "#bool";
      case Integer i -> "#int";
      case Long l -> "#long";
      case Float f -> "#float";
      case Double d -> "#double";
      default ->
          throw new IllegalArgumentException(
              "metadata."
                  + key
                  + ": a "
                  + value.getClass().getName()
                  + " is not stored; use a string, UUID, boolean, int, long, float or double");
    };
  }

  private static String escape(String text, boolean key) {
    StringBuilder out = new StringBuilder(text.length());
    text.codePoints()
        .forEach(
            cp -> {
              if (cp == '%'
                  || Character.isWhitespace(cp)
                  || Character.isISOControl(cp)
                  || (key && (cp == '=' || cp == '#'))) {
                for (byte b : Character.toString(cp).getBytes(StandardCharsets.UTF_8)) {
                  out.append('%').append(HEX[(b >> 4) & 0xf]).append(HEX[b & 0xf]);
                }
              } else {
                out.appendCodePoint(cp);
              }
            });
    return out.toString();
  }

  private static String unescape(String text) {
    if (text.indexOf('%') < 0) {
      return text;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '%' && isHex(text, i + 1) && isHex(text, i + 2)) {
        out.write(Integer.parseInt(text, i + 1, i + 3, 16));
        i += 2;
      } else {
        int end = Character.isHighSurrogate(c) && i + 1 < text.length() ? i + 2 : i + 1;
        out.writeBytes(text.substring(i, end).getBytes(StandardCharsets.UTF_8));
        i = end - 1;
      }
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  private static boolean isHex(String text, int at) {
    return at < text.length() && "0123456789ABCDEFabcdef".indexOf(text.charAt(at)) >= 0;
  }
}
