package dev.recall4j.langchain4j;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.UUID;

/**
 * One LangChain4j metadata entry as a record tag, and back: {@code meta:key=value} for a string,
 * {@code meta:key#uuid=…}, {@code #int}, {@code #long}, {@code #float} or {@code #double} for the
 * other types LangChain4j metadata holds, so the value comes back with its type.
 *
 * <p>Tags are the record's one indexed, exactly compared, multi-valued field, so string and UUID
 * equality filters run inside the index. Tags are stripped of surrounding whitespace and must not
 * be blank; the key and value are therefore percent-escaped where they hold {@code %}, whitespace
 * or control characters (the key also {@code =} and {@code #}), so {@code " "} and {@code ""}
 * survive. Numbers are written by {@code toString} (which parses back to the same value).
 *
 * @param key the metadata key
 * @param value a {@code String}, {@code UUID}, {@code Integer}, {@code Long}, {@code Float} or
 *     {@code Double}
 */
record MetadataTag(String key, Object value) {
  static final String PREFIX = "meta:";

  /** The longest tag a record accepts ({@code MemoryRecord} checks it). */
  static final int MAX_CHARS = 64;

  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  /** The tag text; its length may exceed {@link #MAX_CHARS} (the caller reports that). */
  String encode() {
    return PREFIX + escape(key, true) + typeSuffix(value) + "=" + escape(value.toString(), false);
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
          case "" -> text;
          case "uuid" -> UUID.fromString(text);
          case "int" -> Integer.valueOf(text);
          case "long" -> Long.valueOf(text);
          case "float" -> Float.valueOf(text);
          case "double" -> Double.valueOf(text);
          default -> throw new IllegalArgumentException("tags: unknown metadata type in " + tag);
        };
    return Optional.of(new MetadataTag(key, value));
  }

  private static String typeSuffix(Object value) {
    return switch (value) {
      case String s -> "";
      case UUID u -> "#uuid";
      case Integer i -> "#int";
      case Long l -> "#long";
      case Float f -> "#float";
      case Double d -> "#double";
      default ->
          throw new IllegalArgumentException(
              "metadata value of type " + value.getClass().getName() + " is not supported");
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
      if (c == '%' && i + 2 < text.length()) {
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
}
