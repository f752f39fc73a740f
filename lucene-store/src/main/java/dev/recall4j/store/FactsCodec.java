package dev.recall4j.store;

import dev.recall4j.core.ContentFacts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import org.apache.lucene.store.ByteArrayDataInput;
import org.apache.lucene.store.ByteBuffersDataOutput;
import org.apache.lucene.util.BytesRef;

/**
 * The stored form of a record's {@link ContentFacts}: a doc value of its own beside the record's
 * blob, so that facts can be added to a record already stored ({@code compact} fills them in place,
 * without rewriting the document and its vectors) and an index written before facts existed needs
 * no migration: its records simply have none.
 *
 * <p>Facts are derived data, so a reader never fails on them: bytes that fail their checksum, a
 * later format or facts made for another content (the leading 8 bytes of the content hash they were
 * derived from, which catches facts filled in while the record was being rewritten) read as none,
 * and recall derives them again.
 */
final class FactsCodec {
  /** Bumped when the layout changes or when dedup's term hashing or the piece rule changes. */
  static final byte VERSION = 1;

  private FactsCodec() {}

  /** The stored form of {@code facts}, derived from the content whose hash is {@code hash}. */
  static BytesRef encode(ContentFacts facts, String contentHash) {
    ByteBuffersDataOutput out = new ByteBuffersDataOutput();
    try {
      out.writeByte(VERSION);
      out.writeLong(hashPrefix(contentHash));
      out.writeString(facts.layout());
      out.writeVInt(facts.pieceCount());
      for (int i = 0; i < facts.pieceCount(); i++) {
        out.writeVInt(facts.pieceTokens(i));
      }
      int[] terms = facts.termHashes();
      out.writeVInt(terms.length);
      long previous = Integer.MIN_VALUE;
      for (int term : terms) {
        out.writeVLong(term - previous); // sorted and distinct: every gap is positive
        previous = term;
      }
    } catch (IOException e) {
      throw new UncheckedIOException("writing to memory cannot fail", e);
    }
    return RecordCodec.withChecksum(out.toArrayCopy());
  }

  /**
   * The facts stored in {@code bytes} for the content whose hash is {@code contentHash}, or null
   * when they are damaged, of a later format, or were derived from another content. The checks run
   * now; the counts are decoded from a copy when first asked for ({@link
   * ContentFacts#decodedOnUse}), since recall needs them only for records it has not met before.
   */
  static ContentFacts decode(BytesRef bytes, String contentHash) {
    if (!RecordCodec.checksumHolds(bytes, 1 + Long.BYTES) || bytes.bytes[bytes.offset] != VERSION) {
      return null;
    }
    int end = bytes.offset + bytes.length - Integer.BYTES;
    ByteArrayDataInput in =
        new ByteArrayDataInput(bytes.bytes, bytes.offset + 1, end - bytes.offset - 1);
    String layout;
    try {
      if (in.readLong() != hashPrefix(contentHash)) {
        return null;
      }
      layout = in.readString();
    } catch (IOException | RuntimeException e) {
      return null; // a checksum collision on damaged bytes: derive them again
    }
    byte[] counts = Arrays.copyOfRange(bytes.bytes, in.getPosition(), end);
    return ContentFacts.decodedOnUse(layout, () -> counts(layout, counts));
  }

  /** The facts whose counts {@link #encode} wrote after the layout. */
  private static ContentFacts counts(String layout, byte[] bytes) {
    ByteArrayDataInput in = new ByteArrayDataInput(bytes);
    try {
      int pieces = in.readVInt();
      int[] pieceTokens = pieces == 0 ? null : new int[checkedSize(pieces, in)];
      for (int i = 0; i < pieces; i++) {
        pieceTokens[i] = in.readVInt();
      }
      int[] terms = new int[checkedSize(in.readVInt(), in)];
      long previous = Integer.MIN_VALUE;
      for (int i = 0; i < terms.length; i++) {
        previous += in.readVLong();
        terms[i] = (int) previous;
      }
      if (!in.eof()) {
        throw new IllegalStateException((bytes.length - in.getPosition()) + " bytes left");
      }
      return new ContentFacts(layout, pieceTokens, terms);
    } catch (RuntimeException e) {
      // Only bytes that passed their checksum get here: a writer's bug, not damage.
      throw new IllegalStateException(
          "stored content facts of layout " + layout + " do not decode: " + e.getMessage(), e);
    }
  }

  /** A count read from the bytes, refused when the bytes left cannot hold that many values. */
  private static int checkedSize(int size, ByteArrayDataInput in) {
    if (size < 0 || size > in.length() - in.getPosition()) {
      throw new IllegalStateException(size + " values in " + in.length() + " bytes");
    }
    return size;
  }

  private static long hashPrefix(String contentHash) {
    return Long.parseUnsignedLong(contentHash, 0, 16, 16);
  }
}
