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
    String normalised =
        Normalizer.normalize(content, Normalizer.Form.NFC).strip().replaceAll("\\s+", " ");
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(normalised.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError("every JDK ships SHA-256", e);
    }
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
