package dev.recall4j.springai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.ai.document.Document;
import org.springframework.ai.vectorstore.SearchRequest;
import org.springframework.ai.vectorstore.filter.Filter;
import org.springframework.ai.vectorstore.filter.Filter.ExpressionType;
import org.springframework.ai.vectorstore.filter.Filter.Key;
import org.springframework.ai.vectorstore.filter.Filter.Value;
import org.springframework.ai.vectorstore.filter.FilterExpressionTextParser;

/**
 * Every operator of Spring AI's portable filter language, through the store: each is supported (the
 * ids it selects) or refused (a message naming it). Filters the index runs are marked, so both
 * paths, the kNN pre-filter and the evaluation over the namespace, are checked to agree.
 */
class FilterMappingTest {
  @TempDir static Path workspace;
  static EngineFixture fixture;

  @BeforeAll
  static void open() {
    fixture = new EngineFixture(workspace);
    fixture.store.add(
        List.of(
            doc(
                "d1",
                Map.of("country", "BG", "year", 2020, "active", true, "tags", List.of("news"))),
            doc("d2", Map.of("country", "NL", "year", 2021L, "active", false, "silo", "kb")),
            doc("d3", Map.of("country", "BG", "year", 2023.0, "session", "s1")),
            doc("d4", Map.of("title", "Harbour", "kind", "incident"))));
  }

  @AfterAll
  static void close() throws IOException {
    fixture.close();
  }

  private static Document doc(String id, Map<String, Object> metadata) {
    return new Document(id, "Tide gauge report " + id + " from the harbour.", metadata);
  }

  static Stream<Arguments> supported() {
    return Stream.of(
        // text, index translation, ids selected
        Arguments.of("country == 'BG'", true, List.of("d1", "d3")),
        Arguments.of("year == 2020", false, List.of("d1")),
        Arguments.of("year == 2023", false, List.of("d3")),
        Arguments.of("active == true", true, List.of("d1")),
        Arguments.of("country != 'BG'", false, List.of("d2", "d4")),
        Arguments.of("year > 2020", false, List.of("d2", "d3")),
        Arguments.of("year >= 2021", false, List.of("d2", "d3")),
        Arguments.of("year < 2021", false, List.of("d1")),
        Arguments.of("year <= 2021", false, List.of("d1", "d2")),
        Arguments.of("country > 'C'", false, List.of("d2")),
        Arguments.of("country IN ['BG', 'NL']", false, List.of("d1", "d2", "d3")),
        Arguments.of("country IN ['NL']", true, List.of("d2")),
        Arguments.of("year IN [2020, 2021]", false, List.of("d1", "d2")),
        Arguments.of("country NIN ['BG']", false, List.of("d2", "d4")),
        Arguments.of("country == 'BG' && year > 2021", false, List.of("d3")),
        Arguments.of("country == 'BG' && active == true", true, List.of("d1")),
        Arguments.of("country == 'NL' || title == 'Harbour'", false, List.of("d2", "d4")),
        Arguments.of("NOT (country == 'BG')", false, List.of("d2", "d4")),
        Arguments.of("country IS NULL", false, List.of("d4")),
        Arguments.of("active IS NOT NULL", false, List.of("d1", "d2")),
        Arguments.of("tags == 'news'", true, List.of("d1")),
        Arguments.of("tags != 'news'", false, List.of("d2", "d3", "d4")),
        Arguments.of("tags IN ['news', 'sport']", false, List.of("d1")),
        Arguments.of("session == 's1'", false, List.of("d3")),
        Arguments.of("title == 'Harbour'", false, List.of("d4")),
        Arguments.of("silo == 'rag'", true, List.of("d1", "d3", "d4")),
        Arguments.of("silo == 'kb' || silo == 'memory'", true, List.of("d2")),
        Arguments.of("kind IN ['incident', 'observation']", true, List.of("d2", "d4")),
        Arguments.of("silo == 'rag' && kind == 'rag_chunk'", true, List.of("d1", "d3")),
        Arguments.of("silo == 'RAG'", false, List.of()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("supported")
  void supportedFiltersSelectTheirDocuments(String filter, boolean indexed, List<String> ids) {
    Filter.Expression expression = new FilterExpressionTextParser().parse(filter);
    assertThat(IndexConditions.of(expression).isPresent())
        .as("index translation")
        .isEqualTo(indexed);

    List<Document> found =
        fixture.store.similaritySearch(
            SearchRequest.builder()
                .query("harbour tide gauge")
                .topK(10)
                .similarityThresholdAll()
                .filterExpression(expression)
                .build());

    assertThat(found).extracting(Document::getId).containsExactlyInAnyOrderElementsOf(ids);
  }

  static Stream<Arguments> refused() {
    Filter.Expression bg =
        new Filter.Expression(ExpressionType.EQ, new Key("country"), new Value("BG"));
    return Stream.of(
        Arguments.of(new FilterExpressionTextParser().parse("active > true"), "GT"),
        Arguments.of(new FilterExpressionTextParser().parse("active <= false"), "LTE"),
        Arguments.of(new FilterExpressionTextParser().parse("tags >= 'a'"), "GTE"),
        Arguments.of(new FilterExpressionTextParser().parse("tags < 'a'"), "LT"),
        Arguments.of(new FilterExpressionTextParser().parse("tags == 1"), "EQ"),
        Arguments.of(new FilterExpressionTextParser().parse("tags IN ['a', 2]"), "IN"),
        Arguments.of(new Filter.Expression(ExpressionType.NE, new Key("country"), null), "NE"),
        Arguments.of(
            new Filter.Expression(ExpressionType.EQ, new Key("country"), new Value(List.of("BG"))),
            "EQ"),
        Arguments.of(
            new Filter.Expression(ExpressionType.IN, new Key("country"), new Value("BG")), "IN"),
        Arguments.of(
            new Filter.Expression(ExpressionType.NIN, new Key("year"), new Value(2020)), "NIN"),
        Arguments.of(new Filter.Expression(ExpressionType.GT, new Value(1), new Value(2)), "GT"),
        Arguments.of(new Filter.Expression(ExpressionType.AND, bg, null), "AND"),
        Arguments.of(new Filter.Expression(ExpressionType.OR, bg, new Key("year")), "OR"),
        Arguments.of(new Filter.Expression(ExpressionType.NOT, new Key("country")), "NOT"),
        Arguments.of(
            new Filter.Expression(ExpressionType.ISNULL, new Key("country"), new Value("x")),
            "ISNULL"),
        Arguments.of(new Filter.Expression(ExpressionType.ISNOTNULL, new Value("x")), "ISNOTNULL"));
  }

  @ParameterizedTest(name = "{1}: {0}")
  @MethodSource("refused")
  void malformedFiltersAreRefusedNamingTheOperator(Filter.Expression filter, String operator) {
    SearchRequest request =
        SearchRequest.builder().query("harbour").topK(10).filterExpression(filter).build();

    assertThatThrownBy(() -> fixture.store.similaritySearch(request))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("filter: " + operator + " ");
    assertThatThrownBy(() -> fixture.store.delete(filter))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("filter: " + operator + " ");
  }
}
