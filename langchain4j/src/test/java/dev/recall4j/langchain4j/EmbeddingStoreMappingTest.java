package dev.recall4j.langchain4j;

import static dev.langchain4j.store.embedding.filter.MetadataFilterBuilder.metadataKey;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.data.document.Metadata;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.store.embedding.EmbeddingMatch;
import dev.langchain4j.store.embedding.EmbeddingSearchRequest;
import dev.langchain4j.store.embedding.filter.Filter;
import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How segments become records and come back, beyond what LangChain4j's suites ask. */
class EmbeddingStoreMappingTest {
  private static final Scope SCOPE = Scope.of("lc4j");

  @TempDir static Path workspace;
  static StoreFixture fixture;

  @BeforeAll
  static void open() {
    fixture = new StoreFixture(workspace);
  }

  @AfterAll
  static void close() throws IOException {
    fixture.close();
  }

  @BeforeEach
  void clear() {
    fixture.store.removeAll();
  }

  private static String add(TextSegment segment) {
    return fixture.store.add(fixture.model.embed(segment).content(), segment);
  }

  private static List<EmbeddingMatch<TextSegment>> search(String text, Filter filter) {
    return fixture
        .store
        .search(
            EmbeddingSearchRequest.builder()
                .queryEmbedding(fixture.model.embed(text).content())
                .filter(filter)
                .maxResults(10)
                .build())
        .matches();
  }

  @Test
  void recordFieldKeysBecomeRecordFieldsAndComeBackAsGiven() {
    Metadata metadata =
        new Metadata()
            .put("silo", "memory")
            .put("kind", "workflow")
            .put("title", "Release")
            .put("project", "tides")
            .put("session", "s-42")
            .put("ticket", "T-1");
    TextSegment segment = TextSegment.from("Tag the release after the gates pass.", metadata);
    String id = add(segment);

    MemoryRecord record = fixture.engine.get(SCOPE, id).orElseThrow();
    assertEquals(Silo.MEMORY, record.silo());
    assertEquals(Kind.WORKFLOW, record.kind());
    assertEquals("Release", record.title());
    assertEquals(new Scope("lc4j", "tides", null, "s-42"), record.scope());
    assertEquals(List.of("meta:ticket=T-1"), record.tags());
    assertEquals(segment, search("release gates", null).get(0).embedded());
    assertEquals(1, search("release gates", metadataKey("silo").isEqualTo("memory")).size());
    assertEquals(0, search("release gates", metadataKey("silo").isEqualTo("rag")).size());
  }

  @Test
  void awkwardKeysAndValuesRoundTrip() {
    Metadata metadata =
        new Metadata()
            .put("a key=with#signs", " padded ")
            .put("percent", "100%")
            .put("tab", "a\tb")
            .put("unicode", "Gezeiten für Brest\u00a0✓")
            .put("empty", "");
    TextSegment segment = TextSegment.from("Odd metadata.", metadata);
    add(segment);

    assertEquals(segment, search("odd metadata", null).get(0).embedded());
    assertEquals(
        1, search("odd metadata", metadataKey("a key=with#signs").isEqualTo(" padded ")).size());
    assertEquals(
        0, search("odd metadata", metadataKey("a key=with#signs").isEqualTo("padded")).size());
  }

  @Test
  void aDocumentLoadersLongPathBecomesTheOriginAndComesBack() {
    String dir = "/home/agent/projects/tide-tables/documentation/stations/brittany/2026";
    Metadata metadata =
        new Metadata()
            .put("absolute_directory_path", dir)
            .put("file_name", "brest.md")
            .put("index", "0");
    TextSegment segment = TextSegment.from("Brest reports every six minutes.", metadata);
    String id = add(segment);
    TextSegment web =
        TextSegment.from(
            "Tide predictions are published a year ahead.",
            Metadata.from(
                "url", "https://example.org/" + "tides/".repeat(12) + "predictions.html"));
    add(web);

    assertEquals(dir + "/brest.md", fixture.engine.get(SCOPE, id).orElseThrow().origin().path());
    assertEquals(
        segment,
        search("six minutes", metadataKey("file_name").isEqualTo("brest.md")).get(0).embedded());
    assertEquals(1, search("six minutes", metadataKey("file_name").isEqualTo("brest.md")).size());
    assertEquals(
        web,
        search("predictions", metadataKey("url").isIn(List.of(web.metadata().getString("url"))))
            .get(0)
            .embedded());
  }

  @Test
  void metadataTooLongForATagIsRefusedNamingTheKeyAndNothingIsStored() {
    TextSegment fine = TextSegment.from("fine", Metadata.from("k", "v"));
    TextSegment tooLong = TextSegment.from("too long", Metadata.from("path", "/x".repeat(40)));
    Embedding e = fixture.model.embed("x").content();

    IllegalArgumentException error =
        assertThrows(
            IllegalArgumentException.class,
            () -> fixture.store.addAll(List.of(e, e), List.of(fine, tooLong)));
    assertTrue(error.getMessage().contains("metadata.path"), error.getMessage());
    assertEquals(0, search("fine", null).size(), "the batch is all or nothing");
  }

  @Test
  void aRecordFieldKeyWithANonStringValueIsRefusedNamingIt() {
    TextSegment segment = TextSegment.from("x", new Metadata().put("session", 7));
    IllegalArgumentException error =
        assertThrows(IllegalArgumentException.class, () -> add(segment));
    assertTrue(error.getMessage().contains("metadata.session"), error.getMessage());
  }

  @Test
  void anEmbeddingWithoutASegmentComesBackWithoutOneAndIsNeverRecalledAsText() {
    String id = fixture.store.add(fixture.model.embed("harbour").content());
    EmbeddingMatch<TextSegment> match = search("harbour", null).get(0);
    assertEquals(id, match.embeddingId());
    assertNull(match.embedded());
    assertTrue(
        Recall4jContentRetriever.builder(fixture.engine)
            .namespace("lc4j")
            .build()
            .retrieve(dev.langchain4j.rag.query.Query.from(id))
            .isEmpty());
  }

  @Test
  void recordsTheEngineForgotAreGoneFromTheStore() {
    String id = add(TextSegment.from("Forget me."));
    fixture.engine.forget(SCOPE, id);
    assertEquals(0, search("forget me", null).size());
    assertEquals(0, search("forget me", metadataKey("silo").isNotEqualTo("kb")).size());
  }

  @Test
  void aVectorOfAnotherDimensionIsRefused() {
    IllegalArgumentException error =
        assertThrows(
            IllegalArgumentException.class,
            () -> fixture.store.add(Embedding.from(new float[] {1, 2, 3})));
    assertTrue(error.getMessage().contains("dimension"), error.getMessage());
  }
}
