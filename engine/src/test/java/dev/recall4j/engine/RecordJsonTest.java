package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Origin;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Source;
import dev.recall4j.core.Status;
import dev.recall4j.core.Tier;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class RecordJsonTest {
  static final Instant NOW = Instant.parse("2026-11-01T12:00:00.123456Z");

  @Test
  void everyFieldRoundTrips() {
    MemoryRecord r =
        MemoryRecord.builder()
            .id("rag-7")
            .silo(Silo.RAG)
            .kind(Kind.RAG_CHUNK)
            .tier(Tier.ARCHIVED)
            .status(Status.SUPERSEDED)
            .scope(new Scope("alice", "tidewatch", "t-1", "s-9"))
            .tags(List.of("ops", "release"))
            .source(Source.IMPORT)
            .trust(0.42)
            .created(NOW)
            .updated(NOW.plusSeconds(5))
            .lastAccessed(NOW.plusSeconds(9))
            .recallCount(3)
            .supersedes("rag-6")
            .links(List.of("rag-8"))
            .title("Releasing")
            .content("Tag and push.")
            .summary("release steps")
            .origin(new Origin("docs/ops.md", 2, 14))
            .embeddingModel("m")
            .vector(new float[] {0.6f, 0.8f})
            .build();
    assertEquals(r, RecordJson.read(RecordJson.write(r, true), "other", NOW));
    MemoryRecord passages =
        r.toBuilder()
            .vectors(List.of(new float[] {0.6f, 0.8f}, new float[] {1, 0}, new float[] {0, 1}))
            .build();
    assertEquals(passages, RecordJson.read(RecordJson.write(passages, true), "other", NOW));
  }

  @Test
  void onlySiloAndContentAreRequired() {
    MemoryRecord r =
        RecordJson.read("{\"silo\":\"kb\",\"content\":\"Blank fields are zero.\"}", "alice", NOW);
    assertEquals(Kind.OBSERVATION, r.kind());
    assertEquals("alice", r.scope().namespace());
    assertEquals(NOW, r.created());
    assertTrue(r.id().startsWith("kb-"), r.id());
    assertEquals(
        r.id(),
        RecordJson.read("{\"silo\":\"kb\",\"content\":\"Blank fields are zero.\"}", "alice", NOW)
            .id(),
        "a derived id is stable, so re-ingesting the same line replaces instead of duplicating");
  }

  @Test
  void badValuesNameTheKey() {
    assertMessage("silo: unknown value \"notes\"", "{\"silo\":\"notes\",\"content\":\"x\"}");
    assertMessage("silo: must not be null", "{\"content\":\"x\"}");
    assertMessage("content: must not be", "{\"silo\":\"memory\",\"content\":\"\"}");
    assertMessage(
        "colour: unknown key", "{\"silo\":\"memory\",\"content\":\"x\",\"colour\":\"red\"}");
    assertMessage(
        "created: not an ISO-8601 instant",
        "{\"silo\":\"memory\",\"content\":\"x\",\"created\":\"yesterday\"}");
    assertMessage(
        "vector: component 1 must be a number",
        "{\"silo\":\"memory\",\"content\":\"x\",\"vector\":[1,\"a\"]}");
    assertMessage(
        "passageVectors[0]: component 0 must be a number",
        "{\"silo\":\"memory\",\"content\":\"x\",\"vector\":[1,0],\"passageVectors\":[[\"a\",1]]}");
    assertMessage(
        "passageVectors: given without vector",
        "{\"silo\":\"memory\",\"content\":\"x\",\"passageVectors\":[[1,0]]}");
    assertMessage(
        "tags: must be an array of strings",
        "{\"silo\":\"memory\",\"content\":\"x\",\"tags\":\"ops\"}");
    assertMessage("malformed JSON", "{\"silo\":\"memory\",");
  }

  private static void assertMessage(String expectedStart, String line) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> RecordJson.read(line, "alice", NOW));
    assertTrue(
        e.getMessage().startsWith(expectedStart),
        "expected '" + expectedStart + "...', got: " + e.getMessage());
  }
}
