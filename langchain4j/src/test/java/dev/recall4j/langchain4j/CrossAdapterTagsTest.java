package dev.recall4j.langchain4j;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.langchain4j.data.document.Metadata;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.rag.content.Content;
import dev.langchain4j.rag.query.Query;
import dev.langchain4j.store.embedding.EmbeddingSearchRequest;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One tag format for both adapters: what this store writes is what the Spring AI module's reads,
 * and a record that module wrote reads back here. Its {@code CrossAdapterTagsTest} holds the same
 * two lists, and checks the other half.
 */
class CrossAdapterTagsTest {
  /** What this store writes for the metadata of {@link #segment()}. */
  static final List<String> LANGCHAIN4J_TAGS =
      List.of(
          "meta:country=FR",
          "meta:year#int=2019",
          "meta:weight#float=1.5",
          "meta:u#uuid=00000000-0000-0000-0000-000000000001",
          "meta:note%20with%20space=50%25%20off");

  /** What the Spring AI module's vector store writes for its document's metadata. */
  static final List<String> SPRING_AI_TAGS =
      List.of(
          "ops",
          "meta:country=FR",
          "meta:year#int=2019",
          "meta:active#bool=true",
          "meta:note%20with%20space=50%25%20off");

  @TempDir Path workspace;

  private static TextSegment segment() {
    return TextSegment.from(
        "The Brest gauge was rebuilt in 2019.",
        new Metadata()
            .put("country", "FR")
            .put("year", 2019)
            .put("weight", 1.5f)
            .put("u", UUID.fromString("00000000-0000-0000-0000-000000000001"))
            .put("note with space", "50% off"));
  }

  @Test
  void thisStoreWritesTheTagsTheSpringAiModuleReads() throws IOException {
    try (StoreFixture fixture = new StoreFixture(workspace)) {
      String id = fixture.store.add(fixture.model.embed(segment()).content(), segment());
      List<String> tags = fixture.engine.get(Scope.of("lc4j"), id).orElseThrow().tags();
      assertEquals(Set.copyOf(LANGCHAIN4J_TAGS), Set.copyOf(tags));
    }
  }

  @Test
  void aRecordTheSpringAiModuleWroteReadsBackWithItsBooleanAsText() throws IOException {
    try (StoreFixture fixture = new StoreFixture(workspace)) {
      fixture.engine.importAll(
          List.of(
              MemoryRecord.builder()
                  .silo(Silo.RAG)
                  .id("from-spring")
                  .scope(Scope.of("lc4j"))
                  .content("The Cuxhaven gauge reports every minute.")
                  .tags(SPRING_AI_TAGS)
                  .build(Instant.now())));
      Metadata expected =
          new Metadata()
              .put("country", "FR")
              .put("year", 2019)
              .put("active", "true")
              .put("note with space", "50% off");

      TextSegment found =
          fixture
              .store
              .search(
                  EmbeddingSearchRequest.builder()
                      .queryEmbedding(fixture.model.embed("Cuxhaven gauge").content())
                      .maxResults(1)
                      .build())
              .matches()
              .get(0)
              .embedded();
      assertEquals(expected, found.metadata());

      Content recalled =
          Recall4jContentRetriever.builder(fixture.engine)
              .namespace("lc4j")
              .build()
              .retrieve(Query.from("Cuxhaven gauge"))
              .get(0);
      assertEquals("true", recalled.textSegment().metadata().getString("active"));
      assertEquals(2019, recalled.textSegment().metadata().getInteger("year"));
    }
  }
}
