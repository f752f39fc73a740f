package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.RecalledItem;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Status;
import dev.recall4j.core.Tier;
import dev.recall4j.ranking.PathResult;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Random records across namespaces, team namespaces and projects; random requests holding random
 * teams, with or without all projects. On every path (lexical, vector, pinned, search, list) a
 * request sees exactly what {@link Teams#canSee} allows, and by id and export exactly what {@link
 * Teams#canReach} allows: zero leaks, and nothing visible is missing where the path is exhaustive.
 * The namespace-isolation property of an engine over the store under test, for {@link
 * StoreSuite#seeds()}.
 */
public abstract class IsolationConformance extends StoreSuite {
  static final Instant NOW = Instant.parse("2026-11-01T12:00:00Z");
  static final List<String> NAMESPACES = List.of("a", "b", "c", "team:x", "team:y");
  static final List<String> TEAMS = List.of("x", "y");
  static final List<String> PROJECTS = Arrays.asList(null, "p1", "p2");
  static final List<String> WORDS =
      List.of("alpha", "bravo", "delta", "kilo", "lima", "oscar", "tango", "zulu");
  static final int RECORDS = 40;

  /**
   * Random queries over all seeds: 50 by default (fast); {@code bin/kill-test} runs 100,000 with
   * {@code -Drecall4j.isolation.queries=100000}.
   */
  static final int QUERIES = Integer.getInteger("recall4j.isolation.queries", 50);

  @TempDir Path workspace;

  @ParameterizedTest(name = "seed {0}")
  @MethodSource(SEEDS)
  void noPathLeaksAcrossNamespacesOrUnheldTeams(long seed) throws IOException {
    Random random = new Random(seed);
    EngineConfig config = engineConfig(workspace);
    try (RecallEngine engine =
        RecallEngine.open(config, new HashingEmbedder(16), Clock.fixed(NOW, ZoneOffset.UTC))) {
      List<MemoryRecord> corpus = new ArrayList<>();
      for (int i = 0; i < RECORDS; i++) {
        corpus.add(randomRecord("r" + i, random));
      }
      engine.importAll(corpus);
      for (int q = 0; q < Math.max(1, QUERIES / SEED_COUNT); q++) {
        Scope scope =
            new Scope(pick(random, NAMESPACES.subList(0, 4)), pick(random, PROJECTS), null, null);
        Teams teams =
            new Teams(TEAMS.stream().filter(t -> random.nextBoolean()).collect(Collectors.toSet()));
        boolean archive = random.nextBoolean();
        boolean allProjects = random.nextBoolean();
        Set<String> queryWords = new TreeSet<>(List.of(pick(random, WORDS), pick(random, WORDS)));
        RecallRequest request =
            RecallRequest.builder(String.join(" ", queryWords))
                .scope(scope)
                .includeArchived(archive)
                .allProjects(allProjects)
                .topK(100)
                .budgetTokens(100_000)
                .deadline(Duration.ofSeconds(30))
                .build();
        String context =
            "seed "
                + seed
                + ", request "
                + scope
                + (allProjects ? " all projects" : "")
                + " teams "
                + teams.names();

        Set<String> visible =
            corpus.stream()
                .filter(r -> teams.canSee(scope, r.scope(), allProjects))
                .map(MemoryRecord::id)
                .collect(Collectors.toSet());
        Set<String> reachable =
            corpus.stream()
                .filter(r -> teams.canReach(scope, r.scope()))
                .map(MemoryRecord::id)
                .collect(Collectors.toSet());
        Retrieval retrieval = engine.retrieve(request, teams);
        assertEquals("hybrid", retrieval.retrieval().describe(), context);
        for (PathResult path : retrieval.paths()) {
          path.ranked()
              .forEach(
                  c ->
                      assertTrue(
                          visible.contains(c.id()),
                          context + ": " + path.path() + " leaked " + c.id()));
        }
        Set<String> expectedLexical =
            corpus.stream()
                .filter(
                    r ->
                        visible.contains(r.id())
                            && r.status() == Status.ACTIVE
                            && (r.tier() == Tier.ACTIVE || archive && r.tier() == Tier.ARCHIVED)
                            && queryWords.stream().anyMatch(r.content()::contains))
                .map(MemoryRecord::id)
                .collect(Collectors.toSet());
        assertEquals(
            expectedLexical,
            ids(retrieval.path(PathResult.LEXICAL)),
            context + ": lexical path is exact");

        engine.recall(request, teams).items().stream()
            .map(RecalledItem::record)
            .map(MemoryRecord::id)
            .forEach(id -> assertTrue(visible.contains(id), context + ": recall leaked " + id));
        Set<String> pinned =
            engine
                .recall(
                    RecallRequest.builder("")
                        .scope(scope)
                        .allProjects(allProjects)
                        .budgetTokens(100_000)
                        .build(),
                    teams)
                .items()
                .stream()
                .map(i -> i.record().id())
                .collect(Collectors.toSet());
        Set<String> expectedPinned =
            corpus.stream()
                .filter(
                    r ->
                        visible.contains(r.id())
                            && r.status() == Status.ACTIVE
                            && r.tier() == Tier.PINNED)
                .map(MemoryRecord::id)
                .collect(Collectors.toSet());
        assertEquals(expectedPinned, pinned, context + ": pinned records");

        engine.search(request, teams, 100).items().stream()
            .map(i -> i.record().id())
            .forEach(id -> assertTrue(visible.contains(id), context + ": search leaked " + id));
        Set<String> expectedListed =
            corpus.stream()
                .filter(
                    r ->
                        visible.contains(r.id())
                            && r.status() == Status.ACTIVE
                            && (r.tier() != Tier.ARCHIVED || archive))
                .map(MemoryRecord::id)
                .collect(Collectors.toCollection(TreeSet::new));
        List<String> listed = new ArrayList<>();
        RecordPage page = engine.list(request, teams, null, 1 + random.nextInt(7));
        listed.addAll(page.records().stream().map(MemoryRecord::id).toList());
        while (page.next() != null) {
          page = engine.list(request, teams, page.next(), 1 + random.nextInt(7));
          listed.addAll(page.records().stream().map(MemoryRecord::id).toList());
        }
        assertEquals(List.copyOf(expectedListed), listed, context + ": list, page by page");

        for (MemoryRecord r : corpus) {
          assertEquals(
              reachable.contains(r.id()),
              engine.get(scope, teams, r.id()).isPresent(),
              context + ": get " + r.id());
        }
        Set<String> exported = new HashSet<>();
        engine.export(scope, teams, record -> exported.add(record.id()));
        assertEquals(reachable, exported, context + ": export");
      }
    }
  }

  static MemoryRecord randomRecord(String id, Random random) {
    Tier[] tiers = Tier.values();
    Status[] statuses = {
      Status.ACTIVE, Status.ACTIVE, Status.ACTIVE, Status.SUPERSEDED, Status.DELETED
    };
    String content = pick(random, WORDS) + " " + pick(random, WORDS) + " note " + id;
    return MemoryRecord.builder()
        .id(id)
        .silo(pick(random, List.of(Silo.values())))
        .scope(new Scope(pick(random, NAMESPACES), pick(random, PROJECTS), null, null))
        .tier(tiers[random.nextInt(tiers.length)])
        .status(statuses[random.nextInt(statuses.length)])
        .content(content)
        .build(NOW.minusSeconds(60));
  }

  static Set<String> ids(PathResult path) {
    return path.ranked().stream().map(c -> c.id()).collect(Collectors.toSet());
  }

  static <T> T pick(Random random, List<T> values) {
    return values.get(random.nextInt(values.size()));
  }
}
