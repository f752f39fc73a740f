package dev.recall4j.langchain4j;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.langchain4j.data.document.Metadata;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.store.embedding.filter.Filter;
import dev.langchain4j.store.embedding.filter.MetadataFilterBuilder;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The index runs a filter exactly or not at all: whenever {@link IndexFilter} translates a filter,
 * a record passes the store filter (tags all of, silo and kind any of; as {@code StoreFilter} reads
 * them) if and only if LangChain4j's own {@code Filter.test} accepts the record's metadata.
 */
class IndexFilterPropertyTest {
  private static final UUID U1 = UUID.fromString("00000000-0000-0000-0000-000000000001");
  private static final UUID U2 = UUID.fromString("00000000-0000-0000-0000-000000000002");
  private static final SegmentRecords RECORDS = new SegmentRecords(Scope.of("p"), Silo.RAG);

  @Property(tries = 400)
  void aTranslatedFilterAcceptsExactlyWhatTheFilterAccepts(
      @ForAll("metadata") Map<String, Object> metadata, @ForAll("filters") Filter filter) {
    Optional<IndexFilter> indexed = IndexFilter.of(filter);
    Assume.that(indexed.isPresent());
    MemoryRecord record =
        RECORDS.toRecord(
            "r",
            Embedding.from(new float[] {1, 0}),
            TextSegment.from("text", Metadata.from(metadata)),
            Instant.EPOCH);
    boolean expected;
    try {
      expected = filter.test(RECORDS.filterView(record));
    } catch (IllegalArgumentException typeMismatch) {
      Assume.that(false); // LangChain4j refuses to compare these types; nothing to agree with
      return;
    }
    assertEquals(expected, passes(indexed.get(), record), () -> filter + " on " + metadata);
  }

  private static boolean passes(IndexFilter filter, MemoryRecord record) {
    return (filter.tags() == null || record.tags().containsAll(filter.tags()))
        && (filter.silos() == null || filter.silos().contains(record.silo()))
        && (filter.kinds() == null || filter.kinds().contains(record.kind()));
  }

  @Provide
  Arbitrary<Map<String, Object>> metadata() {
    Arbitrary<Object> s = Arbitraries.of("x", "y", " x", "", "x=y", "#");
    Arbitrary<Object> u = Arbitraries.of(U1, U2, U1.toString(), 7);
    Arbitrary<Object> silo = Arbitraries.of("rag", "memory", "kb");
    Arbitrary<Object> kind = Arbitraries.of("rag_chunk", "observation", "workflow");
    return Arbitraries.of(true, false)
        .list()
        .ofSize(4)
        .flatMap(
            present ->
                net.jqwik.api.Combinators.combine(s, u, silo, kind)
                    .as(
                        (sv, uv, siv, kv) -> {
                          Map<String, Object> m = new HashMap<>();
                          if (present.get(0)) m.put("s", sv);
                          if (present.get(1)) m.put("u", uv);
                          if (present.get(2)) m.put("silo", siv);
                          if (present.get(3)) m.put("kind", kv);
                          return m;
                        }));
  }

  @Provide
  Arbitrary<Filter> filters() {
    Arbitrary<Filter> leaf =
        Arbitraries.oneOf(
            Arbitraries.of("x", "y", " x", "", "x=y", "#")
                .map(v -> MetadataFilterBuilder.metadataKey("s").isEqualTo(v)),
            Arbitraries.of("x", "y", "#")
                .list()
                .ofMinSize(1)
                .ofMaxSize(2)
                .map(v -> MetadataFilterBuilder.metadataKey("s").isIn(v)),
            Arbitraries.of(U1, U2).map(v -> MetadataFilterBuilder.metadataKey("u").isEqualTo(v)),
            Arbitraries.of(List.of(U1), List.of(U1, U2))
                .map(v -> MetadataFilterBuilder.metadataKey("u").isIn(v)),
            Arbitraries.of("rag", "memory", "RAG")
                .map(v -> MetadataFilterBuilder.metadataKey("silo").isEqualTo(v)),
            Arbitraries.of("rag_chunk", "workflow")
                .map(v -> MetadataFilterBuilder.metadataKey("kind").isEqualTo(v)),
            Arbitraries.of(1, 7).map(v -> MetadataFilterBuilder.metadataKey("u").isEqualTo(v)));
    return Arbitraries.recursive(
        () -> leaf,
        inner ->
            Arbitraries.oneOf(
                net.jqwik.api.Combinators.combine(inner, inner)
                    .as((Filter a, Filter b) -> Filter.and(a, b)),
                net.jqwik.api.Combinators.combine(inner, inner)
                    .as((Filter a, Filter b) -> Filter.or(a, b)),
                inner.map(f -> Filter.not(f))),
        0,
        2);
  }
}
