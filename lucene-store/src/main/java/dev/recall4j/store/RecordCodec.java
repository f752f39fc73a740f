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
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.store.ByteArrayDataInput;
import org.apache.lucene.store.ByteBuffersDataOutput;
import org.apache.lucene.store.DataInput;
import org.apache.lucene.store.DataOutput;
import org.apache.lucene.util.BytesRef;

/**
 * The stored form of a record: one binary blob per document, so that every field round-trips
 * exactly (times to the nanosecond, the vector bit for bit as the caller gave it, before
 * normalisation) without a stored Lucene field per attribute. Enums are written by wire name, so
 * reordering an enum never corrupts an index.
 *
 * <p>{@code recallCount} and {@code lastAccessed} are not in the blob: they change on every recall
 * and live in updatable doc values (see {@link LuceneStore}); {@link #decode} takes them apart.
 */
final class RecordCodec {
  /**
   * Bumped when the layout changes; {@link #decode} reads every earlier version and refuses later
   * ones. Version 2 appended the passage vectors.
   */
  static final byte VERSION = 2;

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
    return new BytesRef(out.toArrayCopy());
  }

  static MemoryRecord decode(BytesRef blob, long recallCount, Instant lastAccessed) {
    ByteArrayDataInput in = new ByteArrayDataInput(blob.bytes, blob.offset, blob.length);
    try {
      byte version = in.readByte();
      if (version < 1 || version > VERSION) {
        throw new IllegalStateException(
            "stored record format " + version + " is not readable by this version of recall4j (reads " + VERSION + ")");
      }
      MemoryRecord.Builder b = MemoryRecord.builder()
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
      b.contentHash(in.readString()).embeddingModel(readOptional(in));
      int dimension = in.readVInt();
      if (dimension > 0) {
        List<float[]> vectors = new ArrayList<>();
        vectors.add(readFloats(in, dimension));
        int passages = version >= 2 ? in.readVInt() : 0;
        for (int i = 0; i < passages; i++) {
          vectors.add(readFloats(in, dimension));
        }
        b.vectors(vectors);
      }
      return b.recallCount(recallCount).lastAccessed(lastAccessed).build();
    } catch (IOException e) {
      throw new UncheckedIOException("reading from memory cannot fail", e);
    }
  }

  private static void writeFloats(DataOutput out, float[] vector) throws IOException {
    for (float f : vector) {
      out.writeInt(Float.floatToRawIntBits(f));
    }
  }

  /** The same little-endian layout {@link #writeFloats} writes float by float, read in one bulk copy. */
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

  private static List<String> readList(DataInput in) throws IOException {
    int size = in.readVInt();
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
