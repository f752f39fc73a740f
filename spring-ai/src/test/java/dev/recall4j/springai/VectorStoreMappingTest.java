package dev.recall4j.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.RecalledItem;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.engine.EmbedderProvider;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.RecallEngine;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.document.Document;
import org.springframework.ai.vectorstore.SearchRequest;

class VectorStoreMappingTest {
  @TempDir static Path workspace;
  static EngineFixture fixture;

  @BeforeAll
  static void open() {
    fixture = new EngineFixture(workspace);
  }

  @AfterAll
  static void close() throws IOException {
    fixture.close();
  }

  @BeforeEach
  void clear() {
    fixture.clear();
  }

  private static SearchRequest.Builder query(String text) {
    return SearchRequest.builder().query(text).topK(10).similarityThresholdAll();
  }

  @Test
  void fieldKeysBecomeRecordFieldsAndOtherMetadataComesBackTyped() {
    Map<String, Object> metadata = new LinkedHashMap<>();
    metadata.put("silo", "kb");
    metadata.put("kind", "incident");
    metadata.put("title", "Brest gauge");
    metadata.put("project", "tides");
    metadata.put("session", "s-42");
    metadata.put("tags", List.of("ops", "gauge"));
    metadata.put("country", "FR");
    metadata.put("year", 2019);
    metadata.put("population", 139_602L);
    metadata.put("ratio", 0.5);
    metadata.put("weight", 1.5f);
    metadata.put("active", true);
    metadata.put("note with space", "50% off");
    fixture.store.add(
        List.of(new Document("brest", "The Brest gauge was rebuilt in 2019.", metadata)));

    MemoryRecord record = fixture.engine.get(Scope.of("spring"), "brest").orElseThrow();
    assertThat(record.silo()).isEqualTo(Silo.KB);
    assertThat(record.kind()).isEqualTo(Kind.of("incident"));
    assertThat(record.title()).isEqualTo("Brest gauge");
    assertThat(record.scope()).isEqualTo(new Scope("spring", "tides", null, "s-42"));
    assertThat(record.tags())
        .contains("ops", "gauge", "meta:country=FR", "meta:year#int=2019", "meta:active#bool=true")
        .contains("meta:note%20with%20space=50%25%20off");

    Document found = fixture.store.similaritySearch(query("Brest gauge rebuilt").build()).get(0);
    assertThat(found.getId()).isEqualTo("brest");
    assertThat(found.getText()).isEqualTo("The Brest gauge was rebuilt in 2019.");
    Map<String, Object> back = new LinkedHashMap<>(found.getMetadata());
    assertThat(back.remove("distance")).isEqualTo(1.0 - found.getScore());
    assertThat(back).isEqualTo(metadata);
  }

  @Test
  void defaultsAreNotEchoedAndScoresAreCosineSimilarities() {
    fixture.store.add(
        List.of(
            new Document("a", "Heights are relative to chart datum.", Map.of()),
            new Document("b", "The station was rebuilt after a storm.", Map.of()),
            new Document("c", "Sea level rose by three millimetres a year.", Map.of())));

    List<Document> two =
        fixture.store.similaritySearch(
            query("Heights are relative to chart datum.").topK(2).build());

    assertThat(two).hasSize(2);
    assertThat(two.get(0).getId()).isEqualTo("a");
    assertThat(two.get(0).getScore()).isCloseTo(1.0, within(0.01));
    assertThat(two.get(0).getScore()).isGreaterThan(two.get(1).getScore());
    assertThat(two.get(0).getMetadata()).containsOnlyKeys("distance");
    List<Document> close =
        fixture.store.similaritySearch(
            query("Heights are relative to chart datum.").similarityThreshold(0.95).build());
    assertThat(close).extracting(Document::getId).containsExactly("a");
    assertThat(fixture.store.similaritySearch(query("datum").topK(0).build())).isEmpty();
  }

  @Test
  void badDocumentsAreRefusedNamingIdAndKeyAndNothingIsStored() {
    Document good = new Document("good", "A fine document.", Map.of("country", "FR"));
    List<Map.Entry<Map<String, Object>, String>> bad =
        List.of(
            Map.entry(Map.of("summary", "x".repeat(80)), "metadata.summary: key and value take"),
            Map.entry(Map.of("pages", List.of(1, 2)), "metadata.pages: a java.util"),
            Map.entry(Map.of("kind", 3), "metadata.kind: must be a string"),
            Map.entry(Map.of("silo", "attic"), "metadata.silo: unknown value"),
            Map.entry(Map.of("tags", "ops"), "metadata.tags: must be a collection"),
            Map.entry(Map.of("tags", List.of("meta:x=y")), "metadata.tags: each tag"));
    for (var entry : bad) {
      Document document = new Document("bad", "A bad document.", entry.getKey());
      assertThatThrownBy(() -> fixture.store.add(List.of(good, document)))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("document bad: " + entry.getValue());
    }
    assertThat(fixture.engine.get(Scope.of("spring"), "good")).isEmpty();
  }

  @Test
  void deletesByIdAndByBothKindsOfFilter() {
    fixture.store.add(
        List.of(
            new Document("bg1", "Varna harbour gauge.", Map.of("country", "BG", "year", 2020)),
            new Document("bg2", "Burgas harbour gauge.", Map.of("country", "BG", "year", 2024)),
            new Document("nl1", "Den Helder gauge.", Map.of("country", "NL", "year", 2024))));

    fixture.store.delete("year > 2021 && country == 'BG'"); // evaluated over the namespace
    assertThat(ids(query("harbour gauge"))).containsExactlyInAnyOrder("bg1", "nl1");
    fixture.store.delete("country == 'NL'"); // run by the index
    assertThat(ids(query("harbour gauge"))).containsExactly("bg1");
    fixture.store.delete(List.of("bg1", "unknown"));
    assertThat(ids(query("harbour gauge"))).isEmpty();
    assertThat(fixture.engine.get(Scope.of("spring"), "bg1")).as("purged").isEmpty();
  }

  @Test
  void documentsAreRecordsTheEngineRecallsAndTheNativeClientIsTheEngine() {
    fixture.store.add(
        List.of(
            new Document(
                "csv", "Station CSVs leave blank phases below one centimetre.", Map.of())));

    List<RecalledItem> items =
        fixture
            .engine
            .recall(
                RecallRequest.builder("blank phases in station CSVs").namespace("spring").build())
            .items();

    assertThat(items).extracting(item -> item.record().id()).contains("csv");
    assertThat(fixture.store.<RecallEngine>getNativeClient()).containsSame(fixture.engine);
  }

  @Test
  void aStoreNeedsAnEngineWithAnEmbedder() throws IOException {
    try (RecallEngine lexical =
        RecallEngine.open(
            EngineConfig.builder(workspace.resolve("lexical"))
                .embedderProvider(EmbedderProvider.NONE)
                .build())) {
      assertThatThrownBy(() -> Recall4jVectorStore.builder(lexical))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("engine: has no embedder");
    }
  }

  private static List<String> ids(SearchRequest.Builder request) {
    return fixture.store.similaritySearch(request.build()).stream().map(Document::getId).toList();
  }
}
