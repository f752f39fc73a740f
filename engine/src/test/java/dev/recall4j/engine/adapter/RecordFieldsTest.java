package dev.recall4j.engine.adapter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Source;
import java.time.Instant;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RecordFieldsTest {
  private static final RecordFields ALL = new RecordFields(EnumSet.allOf(RecordField.class));
  private static final RecordFields NO_SOURCE_NO_TASK =
      new RecordFields(EnumSet.complementOf(EnumSet.of(RecordField.SOURCE, RecordField.TASK)));

  private static MemoryRecord write(RecordFields fields, Map<String, ?> entries) {
    return fields
        .write(entries, "ns", Silo.RAG, List.of("own"), MemoryRecord.builder().id("r"))
        .content("text")
        .build(Instant.EPOCH);
  }

  @Test
  void fieldKeysSetFieldsAndEveryOtherEntryIsATag() {
    Map<String, Object> entries = new LinkedHashMap<>();
    entries.put("silo", "memory");
    entries.put("kind", "Workflow");
    entries.put("source", "user");
    entries.put("title", "Release");
    entries.put("project", "tides");
    entries.put("task", "t-1");
    entries.put("session", "s-42");
    entries.put("ticket", "T-1");
    entries.put("year", 2019);

    MemoryRecord record = write(ALL, entries);

    assertEquals(Silo.MEMORY, record.silo());
    assertEquals(Kind.WORKFLOW, record.kind());
    assertEquals(Source.USER, record.source());
    assertEquals("Release", record.title());
    assertEquals(new Scope("ns", "tides", "t-1", "s-42"), record.scope());
    assertEquals(List.of("own", "meta:ticket=T-1", "meta:year#int=2019"), record.tags());
  }

  @Test
  void aKeyThatIsNoFieldOfTheAdapterIsATag() {
    MemoryRecord record = write(NO_SOURCE_NO_TASK, Map.of("source", "report.pdf"));
    assertEquals(Source.AGENT, record.source());
    assertEquals(List.of("own", "meta:source=report.pdf"), record.tags());
    assertTrue(NO_SOURCE_NO_TASK.isField("silo"));
    assertFalse(NO_SOURCE_NO_TASK.isField("source"));
    assertFalse(ALL.isField("tags"));
  }

  @Test
  void aBlankFieldValueIsKeptAsATagAndComesBack() {
    MemoryRecord record = write(ALL, Map.of("title", " "));
    assertEquals(null, record.title());
    assertEquals(Map.of("title", " "), ALL.given(record, Silo.RAG));
  }

  @Test
  void givenLeavesOutDefaultsAndTheViewShowsThem() {
    MemoryRecord atDefaults = write(ALL, Map.of("topic", "csv"));
    assertEquals(Map.of("topic", "csv"), ALL.given(atDefaults, Silo.RAG));
    assertEquals(
        Map.of("silo", "rag", "kind", "rag_chunk", "source", "agent", "topic", "csv"),
        ALL.view(atDefaults));
    assertEquals(
        Map.of("silo", "rag", "kind", "rag_chunk", "topic", "csv"),
        NO_SOURCE_NO_TASK.view(atDefaults));

    MemoryRecord elsewhere = write(ALL, Map.of("silo", "kb", "kind", "rag_chunk"));
    assertEquals(Map.of("silo", "kb", "kind", "rag_chunk"), ALL.given(elsewhere, Silo.RAG));
    assertEquals(Map.of("kind", "rag_chunk"), ALL.given(elsewhere, Silo.KB));
  }

  @Test
  void badFieldValuesAreRefusedNamingTheKey() {
    IllegalArgumentException notText =
        assertThrows(IllegalArgumentException.class, () -> write(ALL, Map.of("session", 7)));
    assertEquals(
        "metadata.session: must be a string (it is a record field), got 7", notText.getMessage());
    IllegalArgumentException unknown =
        assertThrows(IllegalArgumentException.class, () -> write(ALL, Map.of("silo", "attic")));
    assertTrue(
        unknown.getMessage().startsWith("metadata.silo: unknown value"), unknown.getMessage());
    IllegalArgumentException tooLong =
        assertThrows(
            IllegalArgumentException.class, () -> write(ALL, Map.of("path", "/x".repeat(40))));
    assertTrue(tooLong.getMessage().startsWith("metadata.path: "), tooLong.getMessage());
  }
}
