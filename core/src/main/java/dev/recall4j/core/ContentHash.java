package dev.recall4j.core;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.text.Normalizer;
import java.util.HexFormat;

/**
 * SHA-256 of a record's content after Unicode NFC normalisation and whitespace folding, so that
 * re-saving the same text with different line breaks or trailing spaces is recognised as the same.
 */
public final class ContentHash {
  private ContentHash() {}

  /** Lower-case hex SHA-256 (64 characters) of the normalised content. */
  public static String of(String content) {
    String normalised = foldWhitespace(Normalizer.normalize(content, Normalizer.Form.NFC).strip());
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(normalised.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError("every JDK ships SHA-256", e);
    }
  }

  /**
   * Replaces every run of the regex class {@code \s} (space, tab, line feed, vertical tab, form
   * feed, carriage return) with one space: {@code replaceAll("\\s+", " ")} without the regex, which
   * cost more than the SHA-256 itself on a bulk ingest that hashes every record (issue 22).
   */
  static String foldWhitespace(String text) {
    StringBuilder folded = null;
    int length = text.length();
    for (int i = 0; i < length; i++) {
      char c = text.charAt(i);
      if (!isRegexSpace(c)) {
        if (folded != null) {
          folded.append(c);
        }
        continue;
      }
      int end = i + 1;
      while (end < length && isRegexSpace(text.charAt(end))) {
        end++;
      }
      if (folded == null && (c != ' ' || end > i + 1)) {
        folded = new StringBuilder(length).append(text, 0, i);
      }
      if (folded != null) {
        folded.append(' ');
      }
      i = end - 1;
    }
    return folded == null ? text : folded.toString();
  }

  private static boolean isRegexSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r';
  }

  /** Whether the text looks like a value {@link #of} produces. */
  public static boolean isValid(String hash) {
    if (hash == null || hash.length() != 64) {
      return false;
    }
    for (int i = 0; i < hash.length(); i++) {
      char c = hash.charAt(i);
      if (!(c >= '0' && c <= '9') && !(c >= 'a' && c <= 'f')) {
        return false;
      }
    }
    return true;
  }
}
