package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Origin;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Source;
import dev.recall4j.core.Status;
import dev.recall4j.core.Tier;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Builders;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * An export always re-imports: random records (any Unicode text, every field) saved in one index,
 * exported as JSONL, read back by the ingest reader into a fresh index, are identical field by
 * field, and so is the second export. Real Lucene indexes on disk.
 */
class ExportRoundTripPropertyTest {
  static final Instant NOW = Instant.parse("2026-11-01T12:00:00Z");
  static final List<String> NAMESPACES = List.of("alice", "bob", "team:tide");
  static final int DIMENSION = 4;

  @Property(tries = 30)
  void anExportReimportsIdentically(@ForAll("records") List<MemoryRecord> records)
      throws IOException {
    Path dir = Files.createTempDirectory("recall4j-roundtrip");
    try {
      Path file = dir.resolve("export.jsonl");
      List<MemoryRecord> first;
      try (RecallEngine engine = open(dir.resolve("a"))) {
        engine.importAll(records);
        first = exportAll(engine);
      }
      try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
        for (MemoryRecord r : first) {
          out.write(RecordJson.write(r, true));
          out.write('\n');
        }
      }
      try (RecallEngine engine = open(dir.resolve("b"))) {
        engine.importAll(RecordFiles.read(file, dir, Scope.of("default"), NOW));
        List<MemoryRecord> second = exportAll(engine);
        assertEquals(first, second, "every field of every record, vectors bit for bit");
        assertEquals(
            first.stream().map(r -> RecordJson.write(r, true)).toList(),
            second.stream().map(r -> RecordJson.write(r, true)).toList());
      }
      // The import embedded the records given without a vector; everything else is as given.
      java.util.Map<String, MemoryRecord> stored = new java.util.HashMap<>();
      first.forEach(r -> stored.put(r.id(), r));
      List<MemoryRecord> expected =
          records.stream()
              .map(
                  r ->
                      r.vector() != null
                          ? r
                          : r.toBuilder()
                              .vectors(stored.get(r.id()).vectors())
                              .embeddingModel(stored.get(r.id()).embeddingModel())
                              .build())
              .sorted(Comparator.comparing(MemoryRecord::id))
              .toList();
      assertEquals(
          expected,
          first.stream().sorted(Comparator.comparing(MemoryRecord::id)).toList(),
          "the index stored what it was given");
    } finally {
      try (Stream<Path> paths = Files.walk(dir)) {
        paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  private static RecallEngine open(Path index) throws IOException {
    EngineConfig config =
        EngineConfig.builder(index.getParent())
            .indexDir(index)
            .embedderProvider(EmbedderProvider.NONE)
            .statsEnabled(false)
            .build();
    return RecallEngine.open(
        config, new HashingEmbedder(DIMENSION), Clock.fixed(NOW, ZoneOffset.UTC));
  }

  private static List<MemoryRecord> exportAll(RecallEngine engine) {
    List<MemoryRecord> all = new ArrayList<>();
    for (String namespace : NAMESPACES) {
      engine.export(Scope.of(namespace), Teams.NONE, all::add);
    }
    return all;
  }

  /** Any Unicode text: code points of every plane, surrogates only in pairs. */
  static Arbitrary<String> text(int maxLength) {
    Arbitrary<String> unicode =
        Arbitraries.integers()
            .between(0, Character.MAX_CODE_POINT)
            .filter(cp -> cp < Character.MIN_SURROGATE || cp > Character.MAX_SURROGATE)
            .list()
            .ofMaxSize(maxLength)
            .map(
                cps ->
                    new String(cps.stream().mapToInt(Integer::intValue).toArray(), 0, cps.size()));
    return Arbitraries.oneOf(unicode, Arbitraries.strings().ofMaxLength(maxLength))
        .filter(s -> !s.isBlank());
  }

  static Arbitrary<String> ids() {
    return text(40)
        .map(
            s ->
                s.codePoints()
                    .filter(c -> !Character.isWhitespace(c) && !Character.isISOControl(c))
                    .collect(
                        StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append)
                    .toString())
        .filter(s -> !s.isBlank() && s.length() <= 256);
  }

  static Arbitrary<Instant> instants() {
    return Arbitraries.longs()
        .between(0, 7_000_000_000L)
        .flatMap(
            s ->
                Arbitraries.integers()
                    .between(0, 999_999_999)
                    .map(n -> Instant.ofEpochSecond(s, n)));
  }

  @Provide
  Arbitrary<List<MemoryRecord>> records() {
    Arbitrary<String> names =
        Arbitraries.strings().withChars("abcXYZ019._@:/-").ofMinLength(1).ofMaxLength(12);
    Arbitrary<float[]> vector =
        Arbitraries.floats()
            .between(-1000f, 1000f)
            .array(float[].class)
            .ofSize(DIMENSION)
            .filter(v -> v[0] != 0 || v[1] != 0 || v[2] != 0 || v[3] != 0);
    Arbitrary<MemoryRecord> record =
        Builders.withBuilder(() -> MemoryRecord.builder())
            .use(ids())
            .in(MemoryRecord.Builder::id)
            .use(Arbitraries.of(Silo.class))
            .in(MemoryRecord.Builder::silo)
            .use(
                Arbitraries.of(
                    Kind.PROJECT_FACT, Kind.TOOL_USE, Kind.of("my_kind"), Kind.RAG_CHUNK))
            .withProbability(0.7)
            .in(MemoryRecord.Builder::kind)
            .use(Arbitraries.of(Tier.class))
            .in(MemoryRecord.Builder::tier)
            .use(Arbitraries.of(Status.class))
            .in(MemoryRecord.Builder::status)
            .use(
                Arbitraries.of(NAMESPACES)
                    .flatMap(
                        ns ->
                            names
                                .injectNull(0.5)
                                .list()
                                .ofSize(3)
                                .map(p -> new Scope(ns, p.get(0), p.get(1), p.get(2)))))
            .in(MemoryRecord.Builder::scope)
            .use(
                text(32)
                    .map(String::strip)
                    .filter(t -> !t.isEmpty() && t.length() <= 64)
                    .list()
                    .ofMaxSize(3))
            .in(MemoryRecord.Builder::tags)
            .use(Arbitraries.of(Source.class))
            .in(MemoryRecord.Builder::source)
            .use(Arbitraries.doubles().between(0, 1))
            .withProbability(0.3)
            .in(MemoryRecord.Builder::trust)
            .use(instants())
            .in((b, t) -> b.created(t).updated(t.plusSeconds(5)))
            .use(instants())
            .withProbability(0.5)
            .in(MemoryRecord.Builder::lastAccessed)
            .use(Arbitraries.longs().between(0, 1_000_000))
            .in(MemoryRecord.Builder::recallCount)
            .use(ids())
            .withProbability(0.3)
            .in(MemoryRecord.Builder::supersedes)
            .use(ids().list().ofMaxSize(3))
            .in(MemoryRecord.Builder::links)
            .use(text(80))
            .withProbability(0.5)
            .in(MemoryRecord.Builder::title)
            .use(text(400))
            .in(MemoryRecord.Builder::content)
            .use(text(80))
            .withProbability(0.3)
            .in(MemoryRecord.Builder::summary)
            .use(
                Arbitraries.integers()
                    .between(-1, 1000)
                    .flatMap(
                        chunk ->
                            text(60).map(path -> new Origin(path, chunk, Math.max(0, chunk) * 3))))
            .withProbability(0.3)
            .in(MemoryRecord.Builder::origin)
            .use(vector.list().ofMinSize(1).ofMaxSize(3))
            .withProbability(0.5)
            .in((b, v) -> b.vectors(v).embeddingModel(v.size() > 1 ? "hashing-4" : null))
            .build(ExportRoundTripPropertyTest::buildUnlessSelfSuperseding)
            .filter(Objects::nonNull);
    return record.list().ofMaxSize(12).uniqueElements(MemoryRecord::id);
  }

  /** The record, or null when the draw made it supersede itself, which a record may not. */
  private static MemoryRecord buildUnlessSelfSuperseding(MemoryRecord.Builder builder) {
    try {
      return builder.build(NOW);
    } catch (IllegalArgumentException e) {
      if (e.getMessage().startsWith("supersedes: a record cannot supersede itself")) {
        return null;
      }
      throw e;
    }
  }
}
