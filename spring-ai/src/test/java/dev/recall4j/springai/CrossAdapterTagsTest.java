package dev.recall4j.springai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.document.Document;
import org.springframework.ai.rag.Query;
import org.springframework.ai.vectorstore.SearchRequest;

/**
 * One tag format for both adapters: what this store writes is what the LangChain4j module's reads,
 * and a record that module wrote reads back here. Its {@code CrossAdapterTagsTest} holds the same
 * two lists, and checks the other half.
 */
class CrossAdapterTagsTest {
  /** What the LangChain4j module's store writes for its segment's metadata. */
  static final List<String> LANGCHAIN4J_TAGS =
      List.of(
          "meta:country=FR",
          "meta:year#int=2019",
          "meta:weight#float=1.5",
          "meta:u#uuid=00000000-0000-0000-0000-000000000001",
          "meta:note%20with%20space=50%25%20off");

  /** What this store writes for the metadata of {@link #document()}. */
  static final List<String> SPRING_AI_TAGS =
      List.of(
          "ops",
          "meta:country=FR",
          "meta:year#int=2019",
          "meta:active#bool=true",
          "meta:note%20with%20space=50%25%20off");

  @TempDir Path workspace;

  private static Document document() {
    Map<String, Object> metadata = new LinkedHashMap<>();
    metadata.put("tags", List.of("ops"));
    metadata.put("country", "FR");
    metadata.put("year", 2019);
    metadata.put("active", true);
    metadata.put("note with space", "50% off");
    return new Document("from-spring", "The Cuxhaven gauge reports every minute.", metadata);
  }

  @Test
  void thisStoreWritesTheTagsTheLangChain4jModuleReads() throws IOException {
    try (EngineFixture fixture = new EngineFixture(workspace)) {
      fixture.store.add(List.of(document()));
      MemoryRecord record = fixture.engine.get(Scope.of("spring"), "from-spring").orElseThrow();
      assertThat(record.tags()).containsExactlyInAnyOrderElementsOf(SPRING_AI_TAGS);
    }
  }

  @Test
  void aRecordTheLangChain4jModuleWroteReadsBackWithItsUuidAsText() throws IOException {
    Map<String, Object> expected = new LinkedHashMap<>();
    expected.put("country", "FR");
    expected.put("year", 2019);
    expected.put("weight", 1.5f);
    expected.put("u", "00000000-0000-0000-0000-000000000001");
    expected.put("note with space", "50% off");
    try (EngineFixture fixture = new EngineFixture(workspace)) {
      fixture.store.add(List.of(document()));
      fixture.engine.importAll(
          List.of(
              MemoryRecord.builder()
                  .silo(Silo.RAG)
                  .id("from-langchain4j")
                  .scope(Scope.of("spring"))
                  .content("The Brest gauge was rebuilt in 2019.")
                  .tags(LANGCHAIN4J_TAGS)
                  .build(Instant.now())));

      Document found =
          fixture
              .store
              .similaritySearch(
                  SearchRequest.builder()
                      .query("Brest gauge rebuilt")
                      .topK(1)
                      .filterExpression("weight == 1.5 && country == 'FR'")
                      .build())
              .get(0);
      Map<String, Object> back = new LinkedHashMap<>(found.getMetadata());
      back.remove("distance");
      assertThat(back).isEqualTo(expected);

      Document recalled =
          Recall4jDocumentRetriever.builder(fixture.engine)
              .namespace("spring")
              .filterExpression("country == 'FR'")
              .build()
              .retrieve(new Query("Brest gauge rebuilt"))
              .stream()
              .filter(document -> document.getId().equals("from-langchain4j"))
              .findFirst()
              .orElseThrow();
      assertThat(recalled.getMetadata()).containsEntry("u", "00000000-0000-0000-0000-000000000001");
    }
  }
}
