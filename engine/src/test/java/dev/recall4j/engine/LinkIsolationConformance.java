package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.RecalledItem;
import dev.recall4j.core.Scope;
import dev.recall4j.core.ScoredRecord;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Status;
import dev.recall4j.core.Tier;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Random records across namespaces, teams and projects, in every tier and status, with random tags,
 * silos, ages, links to any record (in any namespace) and supersede chains; random requests with
 * random filters and teams, links on. Every record a recall or search returns passes exactly the
 * conditions the request's own search applies (a link never leaks a record across namespaces,
 * projects, tags, silos, tiers, statuses or time), no id comes twice, and no result holds both a
 * record and a version that supersedes it. The link-isolation property of an engine over the store
 * under test, for {@link StoreSuite#seeds()}.
 */
public abstract class LinkIsolationConformance extends StoreSuite {
  static final Instant NOW = IsolationConformance.NOW;
  static final List<String> TAGS = List.of("ops", "dev");
  static final int RECORDS = 40;
  static final int QUERIES_PER_TRY = 6;

  @TempDir Path workspace;

  @ParameterizedTest(name = "seed {0}")
  @MethodSource(SEEDS)
  void linksNeverReachARecordTheRequestCouldNotSearch(long seed) throws IOException {
    Random random = new Random(seed);
    EngineConfig config =
        EngineConfig.builder(workspace)
            .embedderProvider(EmbedderProvider.NONE)
            .statsEnabled(false)
            .store(newStore())
            .linkExpansion(true)
            .maxLinked(1 + random.nextInt(20))
            .build();
    try (RecallEngine engine =
        RecallEngine.open(config, new HashingEmbedder(16), Clock.fixed(NOW, ZoneOffset.UTC))) {
      List<MemoryRecord> corpus = new ArrayList<>();
      for (int i = 0; i < RECORDS; i++) {
        corpus.add(randomRecord(i, random));
      }
      engine.importAll(corpus);
      Map<String, MemoryRecord> byId = new HashMap<>();
      corpus.forEach(r -> byId.put(r.id(), r));
      for (int q = 0; q < QUERIES_PER_TRY; q++) {
        Scope scope =
            new Scope(
                IsolationConformance.pick(random, IsolationConformance.NAMESPACES.subList(0, 4)),
                IsolationConformance.pick(random, IsolationConformance.PROJECTS),
                null,
                null);
        Teams teams =
            new Teams(
                IsolationConformance.TEAMS.stream()
                    .filter(t -> random.nextBoolean())
                    .collect(Collectors.toSet()));
        boolean archive = random.nextBoolean();
        boolean allProjects = random.nextBoolean();
        Set<Silo> silos =
            random.nextBoolean()
                ? Set.of()
                : EnumSet.of(IsolationConformance.pick(random, List.of(Silo.values())));
        Set<String> tags =
            random.nextBoolean() ? Set.of() : Set.of(IsolationConformance.pick(random, TAGS));
        Instant since = random.nextBoolean() ? null : NOW.minus(Duration.ofDays(10));
        Set<String> queryWords =
            new TreeSet<>(
                List.of(
                    IsolationConformance.pick(random, IsolationConformance.WORDS),
                    IsolationConformance.pick(random, IsolationConformance.WORDS)));
        RecallRequest request =
            RecallRequest.builder(String.join(" ", queryWords))
                .scope(scope)
                .includeArchived(archive)
                .allProjects(allProjects)
                .silos(silos)
                .tags(tags)
                .since(since)
                .topK(100)
                .budgetTokens(100_000)
                .deadline(Duration.ofSeconds(30))
                .build();
        String context = "seed " + seed + ", request " + request + " teams " + teams.names();

        List<String> recalled =
            engine.recall(request, teams).items().stream()
                .filter(i -> i.record().tier() != Tier.PINNED)
                .map(RecalledItem::record)
                .map(MemoryRecord::id)
                .toList();
        List<String> searched =
            engine.search(request, teams, 100).items().stream().map(ScoredRecord::id).toList();
        for (List<String> result : List.of(recalled, searched)) {
          boolean search = result == searched;
          assertEquals(result.size(), new HashSet<>(result).size(), context + ": an id twice");
          for (String id : result) {
            MemoryRecord r = byId.get(id);
            assertTrue(
                teams.canSee(scope, r.scope(), allProjects),
                context + ": leaked across scopes " + id);
            assertEquals(Status.ACTIVE, r.status(), context + ": not active " + id);
            assertTrue(
                r.tier() == Tier.ACTIVE
                    || archive && r.tier() == Tier.ARCHIVED
                    || search && r.tier() == Tier.PINNED,
                context + ": tier of " + id);
            assertTrue(silos.isEmpty() || silos.contains(r.silo()), context + ": silo of " + id);
            assertTrue(r.tags().containsAll(tags), context + ": tags of " + id);
            assertTrue(since == null || !r.created().isBefore(since), context + ": age of " + id);
            assertFalse(
                r.supersedes() != null && result.contains(r.supersedes()),
                context + ": both " + id + " and the version it supersedes, " + r.supersedes());
          }
        }
      }
    }
  }

  static MemoryRecord randomRecord(int i, Random random) {
    MemoryRecord base = IsolationConformance.randomRecord("r" + i, random);
    List<String> links = new ArrayList<>();
    for (int l = random.nextInt(4); l > 0; l--) {
      links.add("r" + random.nextInt(RECORDS));
    }
    MemoryRecord.Builder b =
        base.toBuilder()
            .links(links)
            .tags(
                random.nextBoolean() ? List.of() : List.of(IsolationConformance.pick(random, TAGS)))
            .created(NOW.minus(Duration.ofDays(random.nextInt(20))).minusSeconds(60))
            .updated(NOW.minusSeconds(60));
    if (i > 0 && random.nextInt(3) == 0) {
      b.supersedes("r" + random.nextInt(i));
    }
    return b.build(NOW.minusSeconds(60));
  }
}
