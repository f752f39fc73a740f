package dev.recall4j.sources;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The ids of file-backed records: {@code <source>:<path relative to the source root>#<chunk>}, so
 * {@code a/notes.md} and {@code b/notes.md} never share one, and the same file keeps its ids from
 * one sync to the next. A record id holds no whitespace: whitespace, control characters and {@code
 * %} are percent-encoded ({@code my notes.md} → {@code my%20notes.md}), which keeps distinct paths
 * distinct. An id over 256 characters keeps its first 200 and adds 16 hex digits of the SHA-256 of
 * the whole.
 */
final class RecordIds {
  private static final int MAX_ID_CHARS = 256;
  private static final int KEPT_CHARS = 200;

  private RecordIds() {}

  /** The id of chunk {@code chunk} of the file at {@code relativePath} ('/' separated). */
  static String chunk(String source, String relativePath, int chunk) {
    return bounded(source + ":" + escape(relativePath) + "#" + chunk);
  }

  /** The id of a row or line whose own id is {@code key}. */
  static String row(String source, String key) {
    return bounded(source + ":" + escape(key));
  }

  private static String escape(String text) {
    StringBuilder out = new StringBuilder(text.length());
    text.codePoints()
        .forEach(
            c -> {
              if (c == '%' || Character.isWhitespace(c) || Character.isISOControl(c)) {
                for (byte b : new String(Character.toChars(c)).getBytes(StandardCharsets.UTF_8)) {
                  out.append('%').append(String.format("%02X", b & 0xff));
                }
              } else {
                out.appendCodePoint(c);
              }
            });
    return out.toString();
  }

  private static String bounded(String id) {
    if (id.length() <= MAX_ID_CHARS) {
      return id;
    }
    // Never cut a surrogate pair in two: a lone surrogate is no valid id.
    int cut = Character.isHighSurrogate(id.charAt(KEPT_CHARS - 1)) ? KEPT_CHARS - 1 : KEPT_CHARS;
    return id.substring(0, cut) + "~" + sha256(id).substring(0, 16);
  }

  static String sha256(String text) {
    return sha256(text.getBytes(StandardCharsets.UTF_8));
  }

  static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
