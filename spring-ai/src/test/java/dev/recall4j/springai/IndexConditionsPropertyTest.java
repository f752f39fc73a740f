package dev.recall4j.springai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Silo;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.springframework.ai.document.Document;
import org.springframework.ai.vectorstore.filter.Filter;
import org.springframework.ai.vectorstore.filter.Filter.ExpressionType;
import org.springframework.ai.vectorstore.filter.Filter.Key;
import org.springframework.ai.vectorstore.filter.Filter.Value;

/**
 * The index runs a filter exactly or not at all: whenever {@link IndexConditions} translates an
 * expression, a record the store wrote meets the conditions (tags all of, silo and kind any of, as
 * the engine's filter reads them) if and only if {@link DocumentFilter} accepts its metadata.
 */
class IndexConditionsPropertyTest {
  private static final DocumentRecords RECORDS = new DocumentRecords("p", Silo.RAG);

  @Property(tries = 1000)
  void aTranslatedFilterAcceptsExactlyWhatTheEvaluationAccepts(
      @ForAll("metadata") Map<String, Object> metadata,
      @ForAll("expressions") Filter.Expression expression) {
    Optional<IndexConditions> conditions = IndexConditions.of(expression);
    Assume.that(conditions.isPresent());
    MemoryRecord record = RECORDS.toRecord(new Document("r", "text", metadata), Instant.EPOCH);

    boolean evaluated = DocumentFilter.of(expression).test(DocumentRecords.view(record));

    assertThat(meets(conditions.get(), record))
        .as("%s on %s", expression, metadata)
        .isEqualTo(evaluated);
  }

  private static boolean meets(IndexConditions conditions, MemoryRecord record) {
    return record.tags().containsAll(conditions.tags())
        && (conditions.silos().isEmpty() || conditions.silos().contains(record.silo()))
        && (conditions.kinds().isEmpty() || conditions.kinds().contains(record.kind()));
  }

  @Provide
  Arbitrary<Map<String, Object>> metadata() {
    return Combinators.combine(
            Arbitraries.<Object>of("BG", "NL", "").injectNull(0.3),
            Arbitraries.<Object>of(2020, 2021L, 2020.0).injectNull(0.3),
            Arbitraries.<Object>of(true, false).injectNull(0.3),
            Arbitraries.<Object>of("rag", "kb", "memory").injectNull(0.3),
            Arbitraries.<Object>of("rag_chunk", "observation", "incident").injectNull(0.3),
            Arbitraries.of("a", "b").list().uniqueElements().ofMaxSize(2))
        .as(
            (country, year, active, silo, kind, tags) -> {
              Map<String, Object> metadata = new HashMap<>();
              putIfSet(metadata, "country", country);
              putIfSet(metadata, "year", year);
              putIfSet(metadata, "active", active);
              putIfSet(metadata, "silo", silo);
              putIfSet(metadata, "kind", kind);
              metadata.put("tags", tags);
              return metadata;
            });
  }

  private static void putIfSet(Map<String, Object> metadata, String key, Object value) {
    if (value != null) {
      metadata.put(key, value);
    }
  }

  @Provide
  Arbitrary<Filter.Expression> expressions() {
    return expression(3);
  }

  private Arbitrary<Filter.Expression> expression(int depth) {
    Arbitrary<Filter.Expression> leaf = Arbitraries.oneOf(equality(), membership());
    if (depth == 0) {
      return leaf;
    }
    Arbitrary<Filter.Expression> inner = expression(depth - 1);
    return Arbitraries.oneOf(
        leaf,
        Arbitraries.of(ExpressionType.AND, ExpressionType.OR)
            .flatMap(
                type -> inner.tuple2().map(t -> new Filter.Expression(type, t.get1(), t.get2()))),
        inner.map(e -> new Filter.Expression(ExpressionType.NOT, new Filter.Group(e))));
  }

  private static Arbitrary<Object> values() {
    return Arbitraries.of(
        "BG",
        "NL",
        "",
        "rag",
        "kb",
        "memory",
        "RAG",
        "rag_chunk",
        "observation",
        "incident",
        "Incident",
        "a",
        "b",
        "meta:country=BG",
        2020,
        2020L,
        2020.0,
        true,
        false);
  }

  private static Arbitrary<Filter.Expression> equality() {
    return Arbitraries.of("country", "year", "active", "silo", "kind", "tags", "title")
        .flatMap(
            key ->
                values()
                    .map(
                        value ->
                            new Filter.Expression(
                                ExpressionType.EQ, new Key(key), new Value(value))));
  }

  private static Arbitrary<Filter.Expression> membership() {
    return Arbitraries.of("country", "silo", "kind", "tags")
        .flatMap(
            key ->
                values()
                    .list()
                    .ofMinSize(1)
                    .ofMaxSize(3)
                    .map(
                        values ->
                            new Filter.Expression(
                                ExpressionType.IN, new Key(key), new Value(values))));
  }
}
