package dev.recall4j.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.FloatBuffer;
import java.nio.ReadOnlyBufferException;
import java.time.Instant;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

class MemoryRecordTest {
  static final Instant NOW = Instant.parse("2026-11-01T00:00:00Z");

  static MemoryRecord.Builder valid() {
    return MemoryRecord.builder().id("m-1").silo(Silo.MEMORY).content("Use tabs.");
  }

  @Test
  void defaultsFollowTheSilo() {
    MemoryRecord r = valid().build(NOW);
    assertEquals(Kind.PROJECT_FACT, r.kind());
    assertEquals(Tier.ACTIVE, r.tier());
    assertEquals(Status.ACTIVE, r.status());
    assertEquals(Source.AGENT, r.source());
    assertEquals(NOW, r.updated());
    assertEquals(ContentHash.of("Use tabs."), r.contentHash());
    assertEquals(Kind.RAG_CHUNK, valid().silo(Silo.RAG).build(NOW).kind());
  }

  @Test
  void badValuesNameTheFieldAndShowTheValue() {
    assertField("id", b -> b.id(" "));
    assertField("id", b -> b.id("has space"));
    assertField("silo", b -> b.silo(null));
    assertField("content", b -> b.content("   "));
    assertField("content", b -> b.content("x".repeat(MemoryRecord.MAX_CONTENT_CHARS + 1)));
    assertField("trust", b -> b.trust(1.5));
    assertField("trust", b -> b.trust(Double.NaN));
    assertField("updated", b -> b.created(NOW).updated(NOW.minusSeconds(1)));
    assertField("recallCount", b -> b.recallCount(-1));
    assertField("vector", b -> b.vector(new float[] {1, Float.NaN}));
    assertField("vector", b -> b.vector(new float[0]));
    assertField(
        "passageVectors[0]", b -> b.vectors(List.of(new float[] {1, 0}, new float[] {1, 0, 0})));
    assertField(
        "passageVectors[1]",
        b ->
            b.vectors(List.of(new float[] {1, 0}, new float[] {0, 1}, new float[] {Float.NaN, 1})));
    assertField(
        "passageVectors",
        b ->
            b.vectors(
                java.util.Collections.nCopies(
                    MemoryRecord.MAX_PASSAGE_VECTORS + 2, new float[] {1, 0})));
    assertField("tags", b -> b.tags(List.of("ok", " ")));
    assertField("supersedes", b -> b.supersedes("m-1"));
    assertField("contentHash", b -> b.contentHash("abc"));
    assertField("namespace", b -> b.scope(new Scope(" ", null, null, null)));
    assertField("kind", b -> b.kind(new Kind("Tool Use")));
  }

  @Test
  void anOverLongIdentityIsStoredAsWrittenForThePackerToCap() {
    // Issue 32: an agent's L0 row over 1,000 characters is synced; the packer cuts it with a
    // marker.
    String text = "x".repeat(1200);
    assertEquals(text, valid().kind(Kind.IDENTITY).content(text).build(NOW).content());
  }

  @Test
  void passageVectorsAreCopiedComparedAndClearedWithANewVector() {
    float[] passage = {0, 1};
    MemoryRecord r = valid().vectors(List.of(new float[] {1, 0}, passage)).build(NOW);
    passage[0] = 9;
    assertEquals(0f, r.passageVectors().get(0)[0]);
    assertEquals(2, r.vectorCount());
    assertEquals(r, r.toBuilder().build());
    assertNotEquals(
        r, r.toBuilder().vectors(List.of(new float[] {1, 0}, new float[] {1, 1})).build());
    MemoryRecord revectored = r.toBuilder().vector(new float[] {0.6f, 0.8f}).build();
    assertEquals(1, revectored.vectorCount());
    assertEquals(0, r.toBuilder().vectors(List.of()).build().vectorCount());
  }

  @Test
  void vectorIsCopiedInAndOut() {
    float[] v = {0.6f, 0.8f};
    MemoryRecord r = valid().vector(v).build(NOW);
    v[0] = 9;
    assertEquals(0.6f, r.vector()[0]);
    assertNotSame(r.vector(), r.vector());
    assertEquals(r, r.toBuilder().build());
  }

  @Test
  void vectorViewReadsTheVectorAndCannotChangeIt() {
    MemoryRecord r = valid().vector(new float[] {0.6f, 0.8f}).build(NOW);
    FloatBuffer view = r.vectorView();
    assertEquals(2, view.remaining());
    assertEquals(0.8f, view.get(1));
    assertTrue(view.isReadOnly());
    assertThrows(ReadOnlyBufferException.class, () -> view.put(0, 9f));
    assertEquals(0.6f, r.vector()[0]);
    assertNull(valid().build(NOW).vectorView());
  }

  @Test
  void tagsAreStrippedAndDeduplicatedInOrder() {
    assertEquals(List.of("b", "a"), valid().tags(List.of(" b", "a", "b ")).build(NOW).tags());
  }

  @Test
  void recencyCountsAccess() {
    MemoryRecord r = valid().created(NOW).lastAccessed(NOW.plusSeconds(60)).build();
    assertEquals(NOW.plusSeconds(60), r.lastTouched());
    assertEquals(NOW, valid().created(NOW).build().lastTouched());
  }

  @Test
  void changingContentRecomputesTheHash() {
    MemoryRecord r = valid().build(NOW);
    assertEquals(
        ContentHash.of("Use spaces."), r.toBuilder().content("Use spaces.").build().contentHash());
  }

  private static void assertField(String field, UnaryOperator<MemoryRecord.Builder> change) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> change.apply(valid()).build(NOW));
    assertTrue(
        e.getMessage().startsWith(field + ":"),
        "expected the message to start with '" + field + ":', got: " + e.getMessage());
  }
}
