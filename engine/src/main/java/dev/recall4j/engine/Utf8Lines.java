package dev.recall4j.engine;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/*
 * Reads a UTF-8 text stream one line at a time, holding one line in memory. The JDK readers either
 * replace bad bytes with U+FFFD (silently changing the text) or fail with "Input length = 1" and no
 * position; this one refuses them with the file, line and byte offset. A UTF-8 byte order mark at
 * the start is dropped; lines end at \n, with a \r before it dropped. A line longer than
 * MAX_LINE_BYTES is refused instead of exhausting the heap: a record line is far shorter (content
 * is capped at 1M characters), and a file without line breaks is not JSONL.
 */
final class Utf8Lines implements Closeable {
  static final int MAX_LINE_BYTES = 64 << 20;
  private static final int CHUNK = 1 << 16;

  private final InputStream in;
  private final String file;
  private final CharsetDecoder decoder = strictDecoder();
  private final byte[] chunk = new byte[CHUNK];
  private int chunkPos;
  private int chunkLen;
  private byte[] line = new byte[1024];
  private CharBuffer chars = CharBuffer.allocate(1024);
  private long nextOffset;
  private long lineNumber;
  private long lineOffset;

  Utf8Lines(InputStream in, String file) {
    this.in = in;
    this.file = file;
  }

  /** The next line, or null at the end of the stream. */
  String next() throws IOException {
    int length = 0;
    boolean any = false;
    lineOffset = nextOffset;
    while (true) {
      if (chunkPos == chunkLen) {
        chunkLen = in.read(chunk);
        chunkPos = 0;
        if (chunkLen <= 0) {
          chunkLen = 0;
          if (!any) {
            return null;
          }
          break;
        }
      }
      any = true;
      int end = chunkPos;
      while (end < chunkLen && chunk[end] != '\n') {
        end++;
      }
      int n = end - chunkPos;
      if (length + n > MAX_LINE_BYTES) {
        throw new InputException(
            file,
            lineNumber + 1,
            0,
            "line longer than " + (MAX_LINE_BYTES >> 20) + " MB; JSONL holds one record per line",
            null);
      }
      if (length + n > line.length) {
        line = Arrays.copyOf(line, Math.max(length + n, line.length * 2));
      }
      System.arraycopy(chunk, chunkPos, line, length, n);
      length += n;
      nextOffset += n;
      chunkPos = end;
      if (end < chunkLen) { // the \n
        chunkPos++;
        nextOffset++;
        break;
      }
    }
    lineNumber++;
    if (length > 0 && line[length - 1] == '\r') {
      length--;
    }
    int start = lineNumber == 1 && hasBom(line, length) ? 3 : 0;
    return decode(line, start, length - start, lineOffset + start, lineNumber);
  }

  /** The 1-based number of the line {@link #next} returned last. */
  long lineNumber() {
    return lineNumber;
  }

  private String decode(byte[] bytes, int from, int length, long offset, long number) {
    if (chars.capacity() < length) {
      chars = CharBuffer.allocate(Math.max(length, chars.capacity() * 2));
    }
    chars.clear();
    ByteBuffer input = ByteBuffer.wrap(bytes, from, length);
    decoder.reset();
    CoderResult result = decoder.decode(input, chars, true);
    if (!result.isError()) {
      result = decoder.flush(chars);
    }
    if (result.isError()) {
      throw notUtf8(file, number, offset + input.position() - from);
    }
    return new String(chars.array(), 0, chars.position());
  }

  /**
   * A whole file's bytes as text, refusing bytes that are not UTF-8 with their offset and dropping
   * a leading byte order mark.
   */
  static String decodeAll(byte[] bytes, String file) {
    int start = hasBom(bytes, bytes.length) ? 3 : 0;
    ByteBuffer input = ByteBuffer.wrap(bytes, start, bytes.length - start);
    try {
      return strictDecoder().decode(input).toString();
    } catch (java.nio.charset.CharacterCodingException e) {
      // decode() leaves the position at the bad sequence.
      long offset = input.position();
      long line = 1;
      for (int i = 0; i < offset; i++) {
        line += bytes[i] == '\n' ? 1 : 0;
      }
      throw notUtf8(file, line, offset);
    }
  }

  private static InputException notUtf8(String file, long line, long offset) {
    return new InputException(
        file,
        line,
        0,
        "not UTF-8 (a bad byte sequence at byte offset "
            + offset
            + "); save the file as UTF-8, e.g. iconv -f latin1 -t utf-8",
        null);
  }

  private static boolean hasBom(byte[] bytes, int length) {
    return length >= 3
        && bytes[0] == (byte) 0xEF
        && bytes[1] == (byte) 0xBB
        && bytes[2] == (byte) 0xBF;
  }

  private static CharsetDecoder strictDecoder() {
    return StandardCharsets.UTF_8
        .newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
