package dev.recall4j.store;

import static dev.recall4j.store.TestRecords.key;
import static dev.recall4j.store.TestRecords.record;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.recall4j.core.ContentFacts;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.store.StoreFilter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.lucene.util.BytesRef;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Facts stored beside records: kept, derived on write, filled in place, and never trusted blind.
 */
class ContentFactsStoreTest {
  /** Counts characters per word: any deterministic facts do to test where they go. */
  private static final ContentFacts.Deriver WORD_LENGTHS =
      new ContentFacts.Deriver() {
        @Override
        public String layout() {
          return "lengths/test";
        }

        @Override
        public ContentFacts of(String content) {
          return new ContentFacts(
              layout(),
              Arrays.stream(content.split(" ", -1)).mapToInt(String::length).toArray(),
              new int[] {content.length()});
        }
      };

  @TempDir Path dir;

  private LuceneStore open(ContentFacts.Deriver deriver) throws IOException {
    return LuceneStore.open(StoreOptions.builder(dir).contentFacts(deriver).build());
  }

  @Test
  void aWriterWithADeriverStoresFactsForEveryRecordAndTheyReadBack() throws IOException {
    try (LuceneStore store = open(WORD_LENGTHS)) {
      store.upsert(record("a", "two words").build());
      ContentFacts expected = WORD_LENGTHS.of("two words");
      assertEquals(expected, store.get(key("a")).orElseThrow().contentFacts());
      assertEquals(
          expected,
          store
              .searchLexical("words", StoreFilter.all(Scope.of("ns")), 1)
              .get(0)
              .record()
              .contentFacts());
    }
    try (LuceneStore reopened = LuceneStore.openReadOnly(StoreOptions.builder(dir).build())) {
      assertEquals(
          WORD_LENGTHS.of("two words"), reopened.get(key("a")).orElseThrow().contentFacts());
    }
  }

  @Test
  void recordsWrittenWithoutFactsGetThemInPlaceAndKeepEverythingElse() throws IOException {
    MemoryRecord a = record("a", "first text here").build();
    MemoryRecord b = record("b", "second text").build();
    try (LuceneStore store = open(null)) {
      store.upsertAll(List.of(a, b));
      assertNull(store.get(key("a")).orElseThrow().contentFacts());
      MemoryRecord stale = record("b", "an older text of b").build();
      int stored =
          store.putFacts(
              List.of(
                  WORD_LENGTHS.withFacts(a),
                  WORD_LENGTHS.withFacts(stale),
                  WORD_LENGTHS.withFacts(record("gone", "never stored").build())));
      assertEquals(1, stored, "only a: b holds another content, gone is not stored");
      assertEquals(WORD_LENGTHS.of(a.content()), store.get(key("a")).orElseThrow().contentFacts());
      assertNull(store.get(key("b")).orElseThrow().contentFacts());
      assertEquals(a, store.get(key("a")).orElseThrow(), "the record itself is unchanged");
      assertEquals(1, store.searchLexical("first", StoreFilter.all(Scope.of("ns")), 5).size());
    }
    try (LuceneStore reopened = open(null)) {
      assertEquals(
          WORD_LENGTHS.of(a.content()), reopened.get(key("a")).orElseThrow().contentFacts());
    }
  }

  @Test
  void rewritingARecordReplacesItsFacts() throws IOException {
    try (LuceneStore store = open(WORD_LENGTHS)) {
      store.upsert(record("a", "old text").build());
      store.upsert(record("a", "a new longer text").build());
      assertEquals(
          WORD_LENGTHS.of("a new longer text"), store.get(key("a")).orElseThrow().contentFacts());
    }
  }

  @Test
  void damagedOrForeignFactsReadAsNoneAndTheRecordStillReads() {
    MemoryRecord r = record("a", "some content").build();
    ContentFacts facts = WORD_LENGTHS.of(r.content());
    byte[] bytes = BytesRef.deepCopyOf(FactsCodec.encode(facts, r.contentHash())).bytes;
    assertEquals(facts, FactsCodec.decode(new BytesRef(bytes), r.contentHash()));
    String otherHash = record("b", "other content").build().contentHash();
    assertNull(FactsCodec.decode(new BytesRef(bytes), otherHash), "made for another content");
    for (int i = 0; i < bytes.length; i++) {
      byte[] damaged = bytes.clone();
      damaged[i] ^= 0x10;
      assertNull(FactsCodec.decode(new BytesRef(damaged), r.contentHash()), "byte " + i);
    }
    byte[] later = bytes.clone();
    later[0] = FactsCodec.VERSION + 1;
    assertNull(FactsCodec.decode(new BytesRef(later), r.contentHash()), "a later format");
    MemoryRecord read =
        RecordCodec.decode(RecordCodec.encode(r), 0, null, new BytesRef(Arrays.copyOf(bytes, 3)));
    assertEquals(r, read);
    assertNull(read.contentFacts());
  }
}
