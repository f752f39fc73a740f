package dev.recall4j.springai;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.util.Optional;

/**
 * One Spring AI metadata entry as a record tag, and back: {@code meta:key=value} for a string,
 * {@code meta:key#bool=…}, {@code #int}, {@code #long}, {@code #float} or {@code #double} for the
 * other scalar types, so the value comes back with its type.
 *
 * <p>The format is the LangChain4j module's (which adds {@code #uuid}, read back here as the UUID's
 * text), so a record written through either adapter reads back in the other. Tags are stripped of
 * surrounding whitespace and must not be blank, so the key and value are percent-escaped where they
 * hold {@code %}, whitespace or control characters (the key also {@code =} and {@code #}).
 *
 * @param key the metadata key
 * @param value a {@code String}, {@code Boolean}, {@code Integer}, {@code Long}, {@code Float} or
 *     {@code Double}
 */
record MetadataTag(String key, Object value) {
  static final String PREFIX = "meta:";

  /** The longest tag a record accepts ({@code MemoryRecord} checks it). */
  static final int MAX_CHARS = 64;

  /**
   * The tag text; its length may exceed {@link #MAX_CHARS} (the caller reports that).
   *
   * @throws IllegalArgumentException naming the key when the value is of no type above
   */
  String encode() {
    String type =
        switch (value) {
          case String s -> "";
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
                      + " is not stored; use a string, boolean, int, long, float or double");
        };
    return PREFIX + escape(key, true) + type + "=" + escape(value.toString(), false);
  }

  /** The entry a tag holds, or empty for a tag that is not a metadata tag. */
  static Optional<MetadataTag> decode(String tag) {
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
    Object value =
        switch (type) {
          case "", "uuid" -> text;
          case "bool" -> Boolean.valueOf(text);
          case "int" -> Integer.valueOf(text);
          case "long" -> Long.valueOf(text);
          case "float" -> Float.valueOf(text);
          case "double" -> Double.valueOf(text);
          default -> throw new IllegalArgumentException("tags: unknown metadata type in " + tag);
        };
    return Optional.of(new MetadataTag(key, value));
  }

  /**
   * Percent-escapes the characters a tag cannot keep as they are; the JDK's URL codec writes and
   * reads the escapes, so every other character, {@code +} included, stays literal.
   */
  private static String escape(String text, boolean key) {
    StringBuilder out = new StringBuilder(text.length());
    text.codePoints()
        .forEach(
            cp -> {
              String c = Character.toString(cp);
              boolean escaped =
                  cp == '%'
                      || Character.isWhitespace(cp)
                      || Character.isISOControl(cp)
                      || (key && (cp == '=' || cp == '#'));
              out.append(escaped ? URLEncoder.encode(c, UTF_8).replace("+", "%20") : c);
            });
    return out.toString();
  }

  private static String unescape(String text) {
    return text.indexOf('%') < 0 ? text : URLDecoder.decode(text.replace("+", "%2B"), UTF_8);
  }
}
