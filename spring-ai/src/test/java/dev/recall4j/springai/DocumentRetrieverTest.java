package dev.recall4j.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Origin;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.TokenCounter;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.document.Document;
import org.springframework.ai.rag.Query;

class DocumentRetrieverTest {
  @TempDir static Path workspace;
  static EngineFixture fixture;

  @BeforeAll
  static void open() {
    fixture = new EngineFixture(workspace);
    // Thirty distinct notes (near-duplicates would be merged by the ranking, not packed).
    List<String> gauges = List.of("Brest", "Dover", "Cuxhaven", "Den Helder", "Stavanger", "Cadiz");
    List<String> facts =
        List.of(
            "reports tide heights every six minutes to the national archive in %s.",
            "was rebuilt in 2019 after a winter storm flooded the stilling well near %s.",
            "measures heights relative to chart datum with a radar sensor above the %s quay.",
            "is checked against a tide staff by the %s harbour master each spring.",
            "sends hourly sea level means over a satellite link from %s to the forecasters.");
    List<Document> notes = new ArrayList<>();
    for (int i = 0; i < gauges.size() * facts.size(); i++) {
      String gauge = gauges.get(i % gauges.size());
      String fact = facts.get(i / gauges.size()).formatted(gauge);
      notes.add(
          new Document(
              "note-" + i,
              "The " + gauge + " tide gauge " + fact,
              Map.of("region", i % 2 == 0 ? "north" : "south")));
    }
    fixture.store.add(notes);
    fixture.engine.save(
        MemoryRecord.builder()
            .id("ops-csv")
            .silo(Silo.KB)
            .scope(Scope.of(EngineFixture.NAMESPACE))
            .origin(new Origin("docs/ops.md", 2, 14))
            .content("Station CSV files with tide heights are regenerated nightly.")
            .build(Instant.now()));
  }

  @AfterAll
  static void close() throws IOException {
    fixture.close();
  }

  private static Recall4jDocumentRetriever.Builder retriever() {
    return Recall4jDocumentRetriever.builder(fixture.engine).namespace(EngineFixture.NAMESPACE);
  }

  @Test
  void thePackedDocumentsNeverExceedTheBudget() {
    TokenCounter counter = fixture.engine.config().budget().tokenCounter();
    List<Integer> sizes = new ArrayList<>();
    for (int budget : List.of(40, 120, 300, 1000)) {
      List<Document> documents =
          retriever()
              .budgetTokens(budget)
              .build()
              .retrieve(new Query("how often are tide heights reported"));

      String prompt =
          documents.stream()
              .map(Document::getText)
              .collect(Collectors.joining(System.lineSeparator()));
      assertThat(counter.count(prompt))
          .as("tokens at budget %d", budget)
          .isLessThanOrEqualTo(budget);
      assertThat(documents).as("documents at budget %d", budget).isNotEmpty();
      sizes.add(documents.size());
    }
    assertThat(sizes).isSorted();
    assertThat(sizes.get(0)).isLessThan(sizes.get(sizes.size() - 1));
  }

  @Test
  void eachDocumentCarriesTheRecordItCameFrom() {
    List<Document> documents =
        retriever().budgetTokens(2000).build().retrieve(new Query("station CSV files regenerated"));

    Document ops =
        documents.stream().filter(d -> d.getId().equals("ops-csv")).findFirst().orElseThrow();
    assertThat(ops.getText())
        .isEqualTo("Station CSV files with tide heights are regenerated nightly.");
    assertThat(ops.getScore()).isPositive();
    assertThat(ops.getMetadata())
        .containsEntry("silo", "kb")
        .containsEntry("kind", "observation")
        .containsEntry("origin", "docs/ops.md")
        .containsEntry("origin_chunk", 2)
        .containsEntry("origin_line", 14)
        .containsEntry("truncated", false)
        .containsKey("section");
    Document note =
        documents.stream().filter(d -> d.getId().startsWith("note-")).findFirst().orElseThrow();
    assertThat(note.getMetadata())
        .containsEntry("silo", "rag")
        .containsEntry("kind", "rag_chunk")
        .containsKey("region");
    assertThat(documents).extracting(Document::getScore).doesNotContainNull();
  }

  @Test
  void filtersTheIndexRunsNarrowTheRecallAndOthersAreRefused() {
    List<Document> kb =
        retriever().filterExpression("silo == 'kb'").build().retrieve(new Query("tide heights"));
    assertThat(kb).extracting(Document::getId).containsExactly("ops-csv");

    List<Document> north =
        retriever()
            .filterExpression("region == 'north'")
            .budgetTokens(2000)
            .build()
            .retrieve(new Query("tide heights"));
    assertThat(north)
        .isNotEmpty()
        .allSatisfy(d -> assertThat(d.getMetadata()).containsEntry("region", "north"));

    assertThatThrownBy(() -> retriever().filterExpression("region != 'north'").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("NE is not one");
    assertThatThrownBy(() -> retriever().filterExpression("silo == 'kb' && year > 2020").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("GT is not one");
  }

  @Test
  void theScopeMayFollowTheQuery() {
    Recall4jDocumentRetriever perUser =
        Recall4jDocumentRetriever.builder(fixture.engine)
            .scopeFromQuery(query -> Scope.of((String) query.context().get("user")))
            .build();

    Query alice = Query.builder().text("tide heights").context(Map.of("user", "alice")).build();
    Query spring = Query.builder().text("tide heights").context(Map.of("user", "spring")).build();

    assertThat(perUser.retrieve(alice)).isEmpty();
    assertThat(perUser.retrieve(spring)).isNotEmpty();
  }
}
