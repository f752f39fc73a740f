package dev.recall4j.store;

import static dev.recall4j.store.TestRecords.record;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.store.DamagedRecordException;
import java.util.Arrays;
import org.apache.lucene.util.BytesRef;
import org.junit.jupiter.api.Test;

class RecordCodecTest {
  private static final MemoryRecord RECORD =
      record("r1", "Checksums catch a flipped bit.")
          .tags(java.util.List.of("ops"))
          .vector(new float[] {0.5f, -1f})
          .build();

  private static MemoryRecord decode(byte[] blob) {
    return RecordCodec.decode(new BytesRef(blob), RECORD.recallCount(), RECORD.lastAccessed());
  }

  @Test
  void everyBitFlipAnywhereInTheBlobIsRefused() {
    byte[] blob = BytesRef.deepCopyOf(RecordCodec.encode(RECORD)).bytes;
    assertEquals(RECORD, decode(blob));
    for (int i = 1; i < blob.length; i++) {
      for (int bit = 0; bit < 8; bit++) {
        byte[] damaged = blob.clone();
        damaged[i] ^= (byte) (1 << bit);
        assertThrows(
            DamagedRecordException.class, () -> decode(damaged), "byte " + i + " bit " + bit);
      }
    }
  }

  @Test
  void truncatedAndEmptyBlobsAreRefused() {
    byte[] blob = BytesRef.deepCopyOf(RecordCodec.encode(RECORD)).bytes;
    for (int length : new int[] {0, 1, 5, blob.length / 2, blob.length - 1}) {
      assertThrows(
          DamagedRecordException.class,
          () -> decode(Arrays.copyOf(blob, length)),
          "length " + length);
    }
  }

  @Test
  void aVersionTwoBlobWithoutChecksumStillReads() {
    byte[] blob = BytesRef.deepCopyOf(RecordCodec.encode(RECORD)).bytes;
    byte[] v2 = Arrays.copyOf(blob, blob.length - Integer.BYTES);
    v2[0] = 2;
    assertEquals(RECORD, decode(v2));
    assertThrows(DamagedRecordException.class, () -> decode(Arrays.copyOf(v2, v2.length - 3)));
  }

  @Test
  void aLaterFormatIsNotMistakenForDamage() {
    byte[] blob = BytesRef.deepCopyOf(RecordCodec.encode(RECORD)).bytes;
    blob[0] = RecordCodec.VERSION + 1;
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> decode(blob));
    assertEquals(false, e instanceof DamagedRecordException);
  }
}
