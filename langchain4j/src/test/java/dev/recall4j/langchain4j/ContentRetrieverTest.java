package dev.recall4j.langchain4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.data.document.Metadata;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.rag.content.Content;
import dev.langchain4j.rag.content.ContentMetadata;
import dev.langchain4j.rag.query.Query;
import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Origin;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ContentRetrieverTest {
  @TempDir Path workspace;

  @Test
  void eachContentCarriesTheRecordItCameFrom() throws IOException {
    try (StoreFixture fixture = new StoreFixture(workspace)) {
      TextSegment segment =
          TextSegment.from(
              "Harmonic constituents below one centimetre are left blank in station CSVs.",
              Metadata.from("topic", "csv"));
      fixture.store.add(fixture.model.embed(segment).content(), segment);
      fixture.engine.save(
          MemoryRecord.builder()
              .id("ops-1")
              .silo(Silo.KB)
              .scope(Scope.of("lc4j"))
              .origin(new Origin("docs/ops.md", 2, 14))
              .content("Station CSV files are regenerated nightly.")
              .build(Instant.now()));

      List<Content> contents =
          Recall4jContentRetriever.builder(fixture.engine)
              .namespace("lc4j")
              .build()
              .retrieve(Query.from("blank constituents in station CSVs"));

      Content first = contents.get(0);
      assertTrue(
          first.textSegment().text().startsWith("Harmonic constituents"), contents::toString);
      Metadata meta = first.textSegment().metadata();
      assertEquals("csv", meta.getString("topic"), "the stored metadata comes back");
      assertEquals("rag", meta.getString("silo"));
      assertEquals("rag_chunk", meta.getString("kind"));
      assertEquals(meta.getString("record_id"), first.metadata().get(ContentMetadata.EMBEDDING_ID));
      assertEquals(meta.getDouble("score"), first.metadata().get(ContentMetadata.SCORE));
      Metadata ops =
          contents.stream()
              .filter(c -> "ops-1".equals(c.textSegment().metadata().getString("record_id")))
              .findFirst()
              .orElseThrow(() -> new AssertionError("KB record not recalled: " + contents))
              .textSegment()
              .metadata();
      assertEquals("docs/ops.md", ops.getString("origin"));
      assertEquals(14, ops.getInteger("origin_line"));
      assertEquals("kb", ops.getString("silo"));
    }
  }

  @Test
  void filtersAndTopKNarrowTheRecall() throws IOException {
    try (StoreFixture fixture = new StoreFixture(workspace)) {
      for (String topic : List.of("csv", "gauge", "csv")) {
        TextSegment segment =
            TextSegment.from(
                "Notes about station " + topic + " handling.", Metadata.from("topic", topic));
        fixture.store.add(fixture.model.embed(segment).content(), segment);
      }
      Recall4jContentRetriever gaugeOnly =
          Recall4jContentRetriever.builder(fixture.engine)
              .namespace("lc4j")
              .tags(Set.of(Recall4jEmbeddingStore.metadataTag("topic", "gauge")))
              .build();
      List<Content> gauge = gaugeOnly.retrieve(Query.from("station handling"));
      assertEquals(1, gauge.size(), gauge::toString);
      assertEquals("gauge", gauge.get(0).textSegment().metadata().getString("topic"));

      Recall4jContentRetriever one =
          Recall4jContentRetriever.builder(fixture.engine)
              .namespace("lc4j")
              .kinds(Set.of(Kind.RAG_CHUNK))
              .maxResults(1)
              .build();
      assertEquals(1, one.retrieve(Query.from("station handling")).size());
    }
  }

  @Test
  void aChatMemoryIdThatIsNoNamespaceIsAnErrorNamingIt() throws IOException {
    try (StoreFixture fixture = new StoreFixture(workspace)) {
      Recall4jContentRetriever retriever =
          Recall4jContentRetriever.builder(fixture.engine)
              .scopeFromQuery(Recall4jContentRetriever.chatMemoryNamespace("", "default"))
              .build();
      Query query =
          Query.from(
              "anything",
              dev.langchain4j.rag.query.Metadata.from(
                  dev.langchain4j.data.message.UserMessage.from("anything"),
                  "not a name",
                  List.of()));
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> retriever.retrieve(query));
      assertTrue(e.getMessage().startsWith("namespace"), e.getMessage());
      assertTrue(e.getMessage().contains("not a name"), e.getMessage());
    }
  }
}
