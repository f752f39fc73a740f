package dev.recall4j.datasets;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.util.zip.GZIPInputStream;

/** Line-by-line reading of UTF-8 data files, gzip or not, feeding their raw bytes to a digest. */
public final class DataFiles {
  private static final int BUFFER = 1 << 16;

  private DataFiles() {}

  /** Receives each line with its 1-based number. */
  @FunctionalInterface
  public interface LineHandler {
    void line(long number, String text) throws IOException;
  }

  /**
   * Calls the handler for every line of the file ({@code \n} or {@code \r\n} ends a line),
   * decompressing when the file starts with the gzip magic bytes, whatever its name. Every stored
   * byte goes through {@code digest} (null: none), compressed bytes as stored, so the digest equals
   * {@code sha256sum} of the file.
   *
   * @throws DatasetFormatException when a line is not valid UTF-8
   */
  public static void forEachLine(Path file, MessageDigest digest, LineHandler handler)
      throws IOException {
    InputStream raw = Files.newInputStream(file);
    BufferedInputStream stored =
        new BufferedInputStream(digest == null ? raw : new DigestInputStream(raw, digest), BUFFER);
    try (raw) {
      stored.mark(2);
      boolean gzip = stored.read() == 0x1f && stored.read() == 0x8b;
      stored.reset();
      if (gzip) {
        try (InputStream text = new GZIPInputStream(stored, BUFFER)) {
          splitLines(file, text, handler);
          // GZIPInputStream may stop before the last stored bytes; the digest must still see them.
          stored.transferTo(OutputStream.nullOutputStream());
        }
      } else {
        splitLines(file, stored, handler);
      }
    }
  }

  /*
   * Lines are cut on bytes and decoded one by one (rather than through a Reader, which decodes
   * ahead) so that invalid UTF-8 is reported on the line that holds it.
   */
  private static void splitLines(Path file, InputStream in, LineHandler handler)
      throws IOException {
    CharsetDecoder decoder =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    byte[] buffer = new byte[BUFFER];
    ByteArrayOutputStream pending = new ByteArrayOutputStream();
    long number = 0;
    for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
      int start = 0;
      for (int i = 0; i < n; i++) {
        if (buffer[i] == '\n') {
          pending.write(buffer, start, i - start);
          handler.line(++number, decode(file, number, decoder, pending));
          pending.reset();
          start = i + 1;
        }
      }
      pending.write(buffer, start, n - start);
    }
    if (pending.size() > 0) {
      handler.line(++number, decode(file, number, decoder, pending));
    }
  }

  private static String decode(
      Path file, long number, CharsetDecoder decoder, ByteArrayOutputStream line)
      throws DatasetFormatException {
    byte[] bytes = line.toByteArray();
    int length =
        bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
    try {
      return decoder.decode(ByteBuffer.wrap(bytes, 0, length)).toString();
    } catch (CharacterCodingException e) {
      throw new DatasetFormatException(file, number, "not valid UTF-8");
    }
  }
}
