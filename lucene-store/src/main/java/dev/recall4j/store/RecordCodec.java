package dev.recall4j.store;

import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Origin;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Source;
import dev.recall4j.core.Status;
import dev.recall4j.core.Tier;
import dev.recall4j.core.Wire;
import dev.recall4j.core.store.DamagedRecordException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32C;
import org.apache.lucene.store.ByteArrayDataInput;
import org.apache.lucene.store.ByteBuffersDataOutput;
import org.apache.lucene.store.DataInput;
import org.apache.lucene.store.DataOutput;
import org.apache.lucene.util.BitUtil;
import org.apache.lucene.util.BytesRef;

/**
 * The stored form of a record: one binary blob per document, so that every field round-trips
 * exactly (times to the nanosecond, the vector bit for bit as the caller gave it, before
 * normalisation) without a stored Lucene field per attribute. Enums are written by wire name, so
 * reordering an enum never corrupts an index.
 *
 * <p>{@code recallCount} and {@code lastAccessed} are not in the blob: they change on every recall
 * and live in updatable doc values (see {@link LuceneStore}); {@link #decode} takes them apart.
 *
 * <p>Since version 3 the blob ends with a CRC-32C of everything before it. Lucene checks a file's
 * checksum only when it is merged or checked whole, not when a search reads a doc value, so without
 * one a flipped byte inside a blob decoded into a record with garbage in it: now {@link #decode}
 * refuses it ({@link DamagedRecordException}) and {@code verify} finds it.
 */
final class RecordCodec {
  /**
   * Bumped when the layout changes; {@link #decode} reads every earlier version and refuses later
   * ones. Version 2 appended the passage vectors, version 3 the checksum.
   */
  static final byte VERSION = 3;

  /** Bytes of the trailing checksum. */
  private static final int CHECKSUM_BYTES = Integer.BYTES;

  private RecordCodec() {}

  static BytesRef encode(MemoryRecord r) {
    ByteBuffersDataOutput out = new ByteBuffersDataOutput();
    try {
      out.writeByte(VERSION);
      out.writeString(r.id());
      out.writeString(Wire.name(r.silo()));
      out.writeString(r.kind().name());
      out.writeString(Wire.name(r.tier()));
      out.writeString(Wire.name(r.status()));
      out.writeString(r.scope().namespace());
      writeOptional(out, r.scope().project());
      writeOptional(out, r.scope().task());
      writeOptional(out, r.scope().session());
      writeList(out, r.tags());
      out.writeString(Wire.name(r.source()));
      out.writeByte((byte) (r.trust() == null ? 0 : 1));
      if (r.trust() != null) {
        out.writeLong(Double.doubleToLongBits(r.trust()));
      }
      writeInstant(out, r.created());
      writeInstant(out, r.updated());
      writeOptional(out, r.supersedes());
      writeList(out, r.links());
      writeOptional(out, r.title());
      out.writeString(r.content());
      writeOptional(out, r.summary());
      out.writeByte((byte) (r.origin() == null ? 0 : 1));
      if (r.origin() != null) {
        out.writeString(r.origin().path());
        out.writeZInt(r.origin().chunk());
        out.writeVInt(r.origin().line());
      }
      out.writeString(r.contentHash());
      writeOptional(out, r.embeddingModel());
      float[] vector = r.vector();
      out.writeVInt(vector == null ? 0 : vector.length);
      if (vector != null) {
        writeFloats(out, vector);
        List<float[]> passages = r.passageVectors();
        out.writeVInt(passages.size());
        for (float[] passage : passages) {
          writeFloats(out, passage);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("writing to memory cannot fail", e);
    }
    return withChecksum(out.toArrayCopy());
  }

  /** {@code body} followed by its CRC-32C. */
  static BytesRef withChecksum(byte[] body) {
    byte[] bytes = Arrays.copyOf(body, body.length + CHECKSUM_BYTES);
    BitUtil.VH_LE_INT.set(bytes, body.length, checksum(bytes, 0, body.length));
    return new BytesRef(bytes);
  }

  /**
   * Whether {@code bytes}, written by {@link #withChecksum}, hold a body of at least {@code
   * minBody} bytes whose checksum matches.
   */
  static boolean checksumHolds(BytesRef bytes, int minBody) {
    int length = bytes.length - CHECKSUM_BYTES;
    return length >= minBody
        && checksum(bytes.bytes, bytes.offset, length) == storedChecksum(bytes, length);
  }

  /**
   * The record a blob holds.
   *
   * @throws DamagedRecordException when the blob fails its checksum or does not decode into a valid
   *     record (its message says what is wrong; the caller adds the id)
   * @throws IllegalStateException when a later version of recall4j wrote it
   */
  static MemoryRecord decode(BytesRef blob, long recallCount, Instant lastAccessed) {
    return decode(blob, recallCount, lastAccessed, null);
  }

  /**
   * {@link #decode(BytesRef, long, Instant)} with the record's stored facts ({@link FactsCodec};
   * null: none), kept when they were derived from this record's content.
   */
  static MemoryRecord decode(
      BytesRef blob, long recallCount, Instant lastAccessed, BytesRef facts) {
    if (blob.length == 0) {
      throw new DamagedRecordException("the stored record is empty");
    }
    byte version = blob.bytes[blob.offset];
    if (version > VERSION) {
      throw new IllegalStateException(
          "stored record format "
              + version
              + " is not readable by this version of recall4j (reads "
              + VERSION
              + ")");
    }
    if (version < 1) {
      throw new DamagedRecordException(
          "the stored record has format " + version + ", which no recall4j writes");
    }
    int length = blob.length;
    if (version >= 3) {
      length -= CHECKSUM_BYTES;
      if (!checksumHolds(blob, 1)) {
        throw new DamagedRecordException("the stored record fails its checksum");
      }
    }
    try {
      return decode(
          new ByteArrayDataInput(blob.bytes, blob.offset + 1, length - 1),
          version,
          recallCount,
          lastAccessed,
          facts);
    } catch (IOException | RuntimeException e) {
      // Only a blob written before checksums (version 2) gets here damaged: its bytes ran out or
      // decoded into a value no record may hold.
      throw new DamagedRecordException("the stored record does not decode: " + e.getMessage(), e);
    }
  }

  private static MemoryRecord decode(
      ByteArrayDataInput in, byte version, long recallCount, Instant lastAccessed, BytesRef facts)
      throws IOException {
    MemoryRecord.Builder b =
        MemoryRecord.builder()
            .id(in.readString())
            .silo(Silo.parse("silo", in.readString()))
            .kind(Kind.of(in.readString()))
            .tier(Tier.parse("tier", in.readString()))
            .status(Status.parse("status", in.readString()))
            .scope(new Scope(in.readString(), readOptional(in), readOptional(in), readOptional(in)))
            .tags(readList(in))
            .source(Source.parse("source", in.readString()));
    if (in.readByte() != 0) {
      b.trust(Double.longBitsToDouble(in.readLong()));
    }
    b.created(readInstant(in))
        .updated(readInstant(in))
        .supersedes(readOptional(in))
        .links(readList(in))
        .title(readOptional(in))
        .content(in.readString())
        .summary(readOptional(in));
    if (in.readByte() != 0) {
      b.origin(new Origin(in.readString(), in.readZInt(), in.readVInt()));
    }
    String contentHash = in.readString();
    b.contentHash(contentHash).embeddingModel(readOptional(in));
    if (facts != null) {
      b.contentFacts(FactsCodec.decode(facts, contentHash));
    }
    int dimension = in.readVInt();
    if (dimension > StoreOptions.MAX_DIMENSION) {
      throw new IOException(
          "vector dimension " + dimension + " is above " + StoreOptions.MAX_DIMENSION);
    }
    if (dimension > 0) {
      List<float[]> vectors = new ArrayList<>();
      vectors.add(readFloats(in, dimension));
      int passages = version >= 2 ? in.readVInt() : 0;
      for (int i = 0; i < passages; i++) {
        vectors.add(readFloats(in, dimension));
      }
      b.vectors(vectors);
    }
    if (!in.eof()) {
      throw new IOException((in.length() - in.getPosition()) + " bytes left after the last field");
    }
    return b.recallCount(recallCount).lastAccessed(lastAccessed).build();
  }

  private static int checksum(byte[] bytes, int offset, int length) {
    CRC32C crc = new CRC32C();
    crc.update(bytes, offset, length);
    return (int) crc.getValue();
  }

  private static int storedChecksum(BytesRef blob, int length) {
    return (int) BitUtil.VH_LE_INT.get(blob.bytes, blob.offset + length);
  }

  private static void writeFloats(DataOutput out, float[] vector) throws IOException {
    for (float f : vector) {
      out.writeInt(Float.floatToRawIntBits(f));
    }
  }

  /**
   * The same little-endian layout {@link #writeFloats} writes float by float, read in one bulk
   * copy.
   */
  private static float[] readFloats(DataInput in, int dimension) throws IOException {
    float[] vector = new float[dimension];
    in.readFloats(vector, 0, dimension);
    return vector;
  }

  private static void writeOptional(DataOutput out, String value) throws IOException {
    out.writeByte((byte) (value == null ? 0 : 1));
    if (value != null) {
      out.writeString(value);
    }
  }

  private static String readOptional(DataInput in) throws IOException {
    return in.readByte() == 0 ? null : in.readString();
  }

  private static void writeList(DataOutput out, List<String> values) throws IOException {
    out.writeVInt(values.size());
    for (String value : values) {
      out.writeString(value);
    }
  }

  private static List<String> readList(ByteArrayDataInput in) throws IOException {
    int size = in.readVInt();
    if (size > in.length() - in.getPosition()) {
      throw new IOException(
          "a list of " + size + " values in " + (in.length() - in.getPosition()) + " bytes");
    }
    List<String> values = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      values.add(in.readString());
    }
    return values;
  }

  private static void writeInstant(DataOutput out, Instant t) throws IOException {
    out.writeZLong(t.getEpochSecond());
    out.writeVInt(t.getNano());
  }

  private static Instant readInstant(DataInput in) throws IOException {
    return Instant.ofEpochSecond(in.readZLong(), in.readVInt());
  }
}
