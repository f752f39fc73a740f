package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Status;
import dev.recall4j.core.Tier;
import dev.recall4j.core.store.Hit;
import dev.recall4j.core.store.IndexSettings;
import dev.recall4j.core.store.RecordStore;
import dev.recall4j.core.store.StoreFilter;
import dev.recall4j.core.store.VectorEncoding;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Isolation: random records across many namespaces, projects, tasks and sessions, random requests
 * and filters (project rule with and without all projects, all-of tags, creation-time bounds); no
 * path ever returns a record the request may not see ({@link Scope#canSee(Scope, boolean,
 * boolean)}: project rule, session rule) or the filter excludes, and listing returns exactly the
 * allowed records, page by page too. Some records are embedded in several passages. Each of {@link
 * StoreSuite#seeds()} on a fresh store.
 */
public abstract class ScopeIsolationConformance extends StoreSuite {
  private static final List<String> NAMESPACES =
      List.of("alice", "bob", "carol", "dave", "erin", "frank");
  private static final List<String> WORDS =
      List.of(
          "build",
          "cache",
          "deploy",
          "gradle",
          "NullPointerException",
          "token",
          "budget",
          "lucene",
          "vector",
          "scope");
  private static final List<Kind> KINDS = List.of(Kind.PROJECT_FACT, Kind.TOOL_USE, Kind.WORKFLOW);
  private static final List<String> TAGS = List.of("a", "b", "c");
  private static final int DIMENSION = 8;
  private static final Instant DAY0 = Instant.parse("2026-01-01T00:00:00Z");
  private static final int DAYS = 5;

  @ParameterizedTest(name = "seed {0}")
  @MethodSource(SEEDS)
  void noPathEverReturnsARecordOutsideTheRequestingScopeOrFilter(long seed) throws IOException {
    Random random = new Random(seed);
    // Float vectors: an exact filtered search must return every allowed record with a vector.
    IndexSettings floats = IndexSettings.DEFAULTS.withVectorEncoding(VectorEncoding.FLOAT32);
    try (RecordStore store = open(newStore(), floats, DIMENSION)) {
      List<MemoryRecord> records = new ArrayList<>();
      for (int i = 0; i < 60; i++) {
        records.add(randomRecord(random, "r" + i));
      }
      store.upsertAll(records);
      for (int q = 0; q < 12; q++) {
        StoreFilter filter = randomFilter(random);
        int topK = 1 + random.nextInt(20);
        String text = String.join(" ", pick(random, WORDS, 1 + random.nextInt(3)));
        List<Hit> lexical = store.searchLexical(text, filter, topK);
        List<Hit> vector = store.searchVector(randomVector(random), filter, topK);
        for (Hit hit : Stream.concat(lexical.stream(), vector.stream()).toList()) {
          assertTrue(allows(filter, hit.record()), () -> filter + " returned " + hit.record());
        }
        assertTrue(lexical.size() <= topK && vector.size() <= topK);
        List<String> expected =
            records.stream()
                .filter(r -> allows(filter, r))
                .map(MemoryRecord::id)
                .sorted(Comparator.naturalOrder())
                .toList();
        assertEquals(
            expected,
            store.find(filter, 1000).stream().map(MemoryRecord::id).toList(),
            filter::toString);
        assertEquals(expected, pages(store, filter, 1 + random.nextInt(7)), filter::toString);
        long withVector =
            records.stream().filter(r -> r.vector() != null && allows(filter, r)).count();
        assertEquals(
            Math.min(topK, withVector),
            vector.size(),
            "a filtered kNN search returns every allowed record with a vector, up to topK");
      }
    }
  }

  /** Every id the filter allows, read page by page. */
  private static List<String> pages(RecordStore store, StoreFilter filter, int size)
      throws IOException {
    List<String> ids = new ArrayList<>();
    String after = null;
    for (List<MemoryRecord> page = store.find(filter, null, size);
        !page.isEmpty();
        page = store.find(filter, after, size)) {
      page.forEach(r -> ids.add(r.id()));
      after = page.get(page.size() - 1).id();
    }
    return ids;
  }

  /** The reference semantics, in plain Java. */
  private static boolean allows(StoreFilter f, MemoryRecord r) {
    return f.scope().canSee(r.scope(), f.allProjects(), f.allSessions())
        && (f.silos().isEmpty() || f.silos().contains(r.silo()))
        && (f.kinds().isEmpty() || f.kinds().contains(r.kind()))
        && r.tags().containsAll(f.tags())
        && (f.since() == null || !r.created().isBefore(f.since()))
        && (f.until() == null || r.created().isBefore(f.until()))
        && (f.tiers().isEmpty() || f.tiers().contains(r.tier()))
        && (f.statuses().isEmpty() || f.statuses().contains(r.status()));
  }

  private static MemoryRecord randomRecord(Random random, String id) {
    return record(id, String.join(" ", pick(random, WORDS, 1 + random.nextInt(4))))
        .scope(randomScope(random, NAMESPACES))
        .silo(oneOf(random, List.of(Silo.values())))
        .kind(oneOf(random, KINDS))
        .tier(oneOf(random, List.of(Tier.values())))
        .status(oneOf(random, List.of(Status.values())))
        .tags(pick(random, TAGS, random.nextInt(3)))
        .created(DAY0.plus(Duration.ofDays(random.nextInt(DAYS))))
        .vectors(
            random.nextInt(5) == 0
                ? List.of()
                : random.nextInt(4) == 0
                    ? List.of(randomVector(random), randomVector(random))
                    : List.of(randomVector(random)))
        .build();
  }

  private static StoreFilter randomFilter(Random random) {
    List<String> namespaces = new ArrayList<>(NAMESPACES);
    namespaces.add("nobody");
    StoreFilter filter =
        random.nextBoolean()
            ? StoreFilter.all(randomScope(random, namespaces))
            : StoreFilter.recallable(randomScope(random, namespaces));
    if (random.nextInt(3) == 0) {
      filter = filter.withAllSessions(!filter.allSessions());
    }
    if (random.nextInt(3) == 0) {
      filter =
          filter.withSilos(Set.copyOf(pick(random, List.of(Silo.values()), 1 + random.nextInt(2))));
    }
    if (random.nextInt(3) == 0) {
      filter = filter.withKinds(Set.copyOf(pick(random, KINDS, 1 + random.nextInt(2))));
    }
    if (random.nextInt(3) == 0) {
      filter = filter.withTags(Set.copyOf(pick(random, TAGS, 1 + random.nextInt(2))));
    }
    if (random.nextInt(2) == 0) {
      filter = filter.withAllProjects(true);
    }
    if (random.nextInt(3) == 0) {
      Instant since =
          random.nextBoolean() ? null : DAY0.plus(Duration.ofDays(random.nextInt(DAYS)));
      Instant until =
          random.nextBoolean()
              ? null
              : (since == null ? DAY0 : since).plus(Duration.ofDays(1 + random.nextInt(DAYS)));
      filter = filter.withCreated(since, until);
    }
    if (random.nextInt(4) == 0) {
      filter =
          filter.withTiers(Set.copyOf(pick(random, List.of(Tier.values()), random.nextInt(3))));
    }
    if (random.nextInt(4) == 0) {
      filter =
          filter.withStatuses(
              Set.copyOf(pick(random, List.of(Status.values()), random.nextInt(3))));
    }
    return filter;
  }

  private static Scope randomScope(Random random, List<String> namespaces) {
    return new Scope(
        oneOf(random, namespaces),
        optional(random, List.of("p1", "p2", "p3")),
        optional(random, List.of("t1", "t2")),
        optional(random, List.of("s1", "s2", "s3")));
  }

  private static String optional(Random random, List<String> values) {
    return random.nextBoolean() ? null : oneOf(random, values);
  }

  private static float[] randomVector(Random random) {
    float[] v = new float[DIMENSION];
    for (int i = 0; i < v.length; i++) {
      v[i] = (float) random.nextGaussian();
    }
    v[0] += 0.01f; // never all zeros
    return v;
  }

  private static <T> T oneOf(Random random, List<T> values) {
    return values.get(random.nextInt(values.size()));
  }

  private static <T> List<T> pick(Random random, List<T> values, int n) {
    Set<T> picked = new HashSet<>();
    List<T> ordered = new ArrayList<>();
    while (ordered.size() < Math.min(n, values.size())) {
      T value = oneOf(random, values);
      if (picked.add(value)) {
        ordered.add(value);
      }
    }
    return ordered;
  }
}
