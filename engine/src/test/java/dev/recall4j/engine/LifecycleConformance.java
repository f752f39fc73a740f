package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Source;
import dev.recall4j.core.Status;
import dev.recall4j.core.Tier;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every lifecycle operation on an engine over the store under test: its effect on recall, its
 * durability across reopen, its bad input; supersede chains and their history.
 */
public abstract class LifecycleConformance extends StoreSuite {
  static final Instant T0 = Instant.parse("2026-11-01T12:00:00Z");
  static final Scope ALICE = Scope.of("alice");

  @TempDir Path workspace;
  final TestClock clock = new TestClock(T0);
  private StoreOpener store;

  EngineConfig config() throws IOException {
    if (store == null) {
      store = newStore();
    }
    return EngineConfig.builder(workspace)
        .embedderProvider(EmbedderProvider.NONE)
        .store(store)
        .build();
  }

  RecallEngine open() throws IOException {
    return RecallEngine.open(config(), null, clock);
  }

  static MemoryRecord memory(String id, String content) {
    return MemoryRecord.builder()
        .id(id)
        .silo(Silo.MEMORY)
        .kind(Kind.PROJECT_FACT)
        .scope(ALICE)
        .content(content)
        .build(T0);
  }

  static List<String> recalled(RecallEngine engine, String query) {
    return recalled(engine, RecallRequest.builder(query).scope(ALICE).build());
  }

  static List<String> recalled(RecallEngine engine, RecallRequest request) {
    return engine.recall(request).items().stream().map(i -> i.record().id()).toList();
  }

  /** Applies a change, then checks the same condition before and after a reopen. */
  void durable(Consumer<RecallEngine> change, Consumer<RecallEngine> check) throws IOException {
    try (RecallEngine engine = open()) {
      change.accept(engine);
      check.accept(engine);
    }
    try (RecallEngine engine = open()) {
      check.accept(engine);
    }
  }

  static List<MemoryRecord> everything(RecallEngine engine) {
    List<MemoryRecord> all = new ArrayList<>();
    engine.export(ALICE, Teams.NONE, all::add);
    return all;
  }

  @Test
  void savingTheSameContentAgainRefreshesTheStoredRecordAndNeverDuplicates() throws IOException {
    try (RecallEngine engine = open()) {
      engine.save(memory("m1", "The tide tables live in data/stations."));
    }
    clock.advance(Duration.ofHours(1));
    durable(
        engine -> {
          MemoryRecord again =
              engine.save(memory("m2", "The tide tables   live in data/stations.\n"));
          assertEquals("m1", again.id(), "the stored record answers the repeat");
        },
        engine -> {
          MemoryRecord m1 = engine.get(ALICE, "m1").orElseThrow();
          assertEquals(T0, m1.created());
          assertEquals(T0.plus(Duration.ofHours(1)), m1.updated(), "times refreshed");
          assertTrue(engine.get(ALICE, "m2").isEmpty(), "never duplicated");
          assertEquals(List.of("m1"), recalled(engine, "tide tables stations"));
        });
  }

  @Test
  void deduplicationIsPerExactScopeAndSiloAndSkipsRagChunks() throws IOException {
    try (RecallEngine engine = open()) {
      List<MemoryRecord> stored =
          engine.saveAll(
              List.of(
                  memory("a", "Same words."),
                  memory("b", "Same words."),
                  memory("c", "Same words.").toBuilder().scope(Scope.of("alice", "p1")).build(),
                  memory("d", "Same words.").toBuilder()
                      .silo(Silo.KB)
                      .kind(Kind.OBSERVATION)
                      .build(),
                  memory("r1", "Same words.").toBuilder()
                      .silo(Silo.RAG)
                      .kind(Kind.RAG_CHUNK)
                      .build(),
                  memory("r2", "Same words.").toBuilder()
                      .silo(Silo.RAG)
                      .kind(Kind.RAG_CHUNK)
                      .build()));
      assertEquals(
          List.of("a", "a", "c", "d", "r1", "r2"), stored.stream().map(MemoryRecord::id).toList());
      assertEquals(
          List.of("a", "c", "d", "r1", "r2"),
          everything(engine).stream().map(MemoryRecord::id).toList());
    }
  }

  @Test
  void aForgottenCopyDoesNotAbsorbANewSaveButAnArchivedOneComesBack() throws IOException {
    try (RecallEngine engine = open()) {
      engine.saveAll(List.of(memory("gone", "Forgotten fact."), memory("cold", "Archived fact.")));
      engine.forget(ALICE, "gone");
      engine.archive(ALICE, "cold");
      assertEquals("again", engine.save(memory("again", "Forgotten fact.")).id());
      MemoryRecord revived = engine.save(memory("cold2", "Archived fact."));
      assertEquals("cold", revived.id());
      assertEquals(Tier.ACTIVE, revived.tier(), "saving it again says it matters again");
    }
  }

  @Test
  void replacingByIdKeepsCreationTimeAndAccessStatistics() throws IOException {
    try (RecallEngine engine = open()) {
      engine.save(memory("m", "Version one of the deploy steps."));
      engine.recall(RecallRequest.builder("deploy steps").scope(ALICE).build());
    }
    clock.advance(Duration.ofMinutes(5));
    durable(
        engine ->
            engine.save(
                memory("m", "Version two of the deploy steps.").toBuilder()
                    .created(T0.plusSeconds(60))
                    .updated(T0.plusSeconds(60))
                    .build()),
        engine -> {
          MemoryRecord m = engine.get(ALICE, "m").orElseThrow();
          assertEquals("Version two of the deploy steps.", m.content());
          assertEquals(T0, m.created());
          assertEquals(T0.plus(Duration.ofMinutes(5)), m.updated());
          assertEquals(1, m.recallCount());
          assertEquals(T0, m.lastAccessed());
        });
  }

  @Test
  void aSaveNeverTouchesAnotherNamespacesRecord() throws IOException {
    try (RecallEngine engine = open()) {
      engine.save(memory("shared-id", "Alice's secret."));
      MemoryRecord bobs =
          memory("shared-id", "Bob's text.").toBuilder().scope(Scope.of("bob")).build();
      engine.save(bobs);
      assertEquals("Alice's secret.", engine.get(ALICE, "shared-id").orElseThrow().content());
      assertEquals("Bob's text.", engine.get(Scope.of("bob"), "shared-id").orElseThrow().content());
      engine.change(IndexWrites.Change.FORGET, Scope.of("bob"), "shared-id");
      assertEquals(Status.ACTIVE, engine.get(ALICE, "shared-id").orElseThrow().status());
      engine.change(IndexWrites.Change.PURGE, Scope.of("bob"), "shared-id");
      assertEquals("Alice's secret.", engine.get(ALICE, "shared-id").orElseThrow().content());
      assertTrue(engine.get(Scope.of("bob"), "shared-id").isEmpty());
    }
  }

  @Test
  void supersedeReplacesInOneStepAndHistoryReadsTheChain() throws IOException {
    try (RecallEngine engine = open()) {
      engine.save(memory("v1", "Deploys run on Fridays."));
    }
    clock.advance(Duration.ofMinutes(1));
    durable(
        engine -> {
          engine.supersede(
              ALICE,
              "v1",
              memory("v2", "Deploys run on Thursdays.").toBuilder()
                  .source(Source.USER_CORRECTION)
                  .build());
          clock.advance(Duration.ofMinutes(1));
          engine.supersede(
              ALICE, "v2", memory("v3", "Deploys run on Thursdays after the standup."));
        },
        engine -> {
          assertEquals(
              List.of("v3"),
              recalled(engine, "deploys run"),
              "only the newest version is recalled");
          MemoryRecord v1 = engine.get(ALICE, "v1").orElseThrow();
          assertEquals(Status.SUPERSEDED, v1.status());
          assertEquals(T0.plus(Duration.ofMinutes(1)), v1.updated());
          assertEquals(List.of("v2"), v1.links());
          assertEquals("v1", engine.get(ALICE, "v2").orElseThrow().supersedes());
          for (String id : List.of("v1", "v2", "v3")) {
            assertEquals(
                List.of("v3", "v2", "v1"),
                engine.history(ALICE, id).stream().map(MemoryRecord::id).toList(),
                id);
          }
        });
  }

  @Test
  void forgetIsASoftDeleteStampedWithItsTime() throws IOException {
    try (RecallEngine engine = open()) {
      engine.save(memory("m", "The staging password rotates monthly."));
    }
    clock.advance(Duration.ofHours(2));
    durable(
        engine -> engine.forget(ALICE, "m"),
        engine -> {
          MemoryRecord m = engine.get(ALICE, "m").orElseThrow();
          assertEquals(Status.DELETED, m.status(), "kept for audit");
          assertEquals(T0.plus(Duration.ofHours(2)), m.updated(), "the time it was forgotten");
          assertTrue(
              recalled(
                      engine,
                      RecallRequest.builder("staging password")
                          .scope(ALICE)
                          .includeArchived(true)
                          .build())
                  .isEmpty());
        });
    clock.advance(Duration.ofHours(1));
    try (RecallEngine engine = open()) {
      assertEquals(
          T0.plus(Duration.ofHours(2)),
          engine.forget(ALICE, "m").updated(),
          "forgetting again changes nothing");
    }
  }

  @Test
  void archivedRecordsComeBackOnlyWhenTheRequestIncludesTheArchive() throws IOException {
    try (RecallEngine engine = open()) {
      engine.save(memory("m", "The legacy ftp importer needs passive mode."));
    }
    durable(
        engine -> engine.archive(ALICE, "m"),
        engine -> {
          assertEquals(Tier.ARCHIVED, engine.get(ALICE, "m").orElseThrow().tier());
          assertTrue(recalled(engine, "ftp importer passive").isEmpty());
          assertEquals(
              List.of("m"),
              recalled(
                  engine,
                  RecallRequest.builder("ftp importer passive")
                      .scope(ALICE)
                      .includeArchived(true)
                      .build()));
        });
    durable(
        engine -> engine.unarchive(ALICE, "m"),
        engine -> assertEquals(List.of("m"), recalled(engine, "ftp importer passive")));
  }

  @Test
  void pinnedRecordsAreInjectedFirstWhateverTheQueryUntilUnpinned() throws IOException {
    try (RecallEngine engine = open()) {
      engine.saveAll(
          List.of(
              memory("profile", "Workspace tidewatch is a Java service."),
              memory("fact", "Builds use mvn verify.")));
    }
    durable(
        engine -> engine.pin(ALICE, "profile"),
        engine -> {
          assertEquals(List.of("profile", "fact"), recalled(engine, "mvn verify"));
          assertEquals(
              List.of("profile"),
              recalled(engine, ""),
              "an empty query injects the pinned records");
        });
    durable(
        engine -> engine.unpin(ALICE, "profile"),
        engine -> assertEquals(List.of("fact"), recalled(engine, "mvn verify")));
  }

  @Test
  void purgeRemovesTheRecordForGood() throws IOException {
    try (RecallEngine engine = open()) {
      engine.saveAll(
          List.of(
              memory("m", "My home address is 12 Quay Street."), memory("other", "Unrelated.")));
    }
    durable(
        engine -> assertEquals("m", engine.purge(ALICE, "m").id()),
        engine -> {
          assertTrue(engine.get(ALICE, "m").isEmpty());
          assertTrue(recalled(engine, "home address quay").isEmpty());
          assertEquals(
              List.of("other"), everything(engine).stream().map(MemoryRecord::id).toList());
        });
    try (RecallEngine engine = open()) {
      assertEquals(
          "m2",
          engine.save(memory("m2", "My home address is 12 Quay Street.")).id(),
          "a purged record absorbs nothing");
    }
  }

  @Test
  void accessStatisticsOfInjectedRecordsAreRecordedInTheBackground() throws IOException {
    try (RecallEngine engine = open()) {
      engine.saveAll(
          List.of(
              memory("profile", "Workspace tidewatch.").toBuilder().tier(Tier.PINNED).build(),
              memory("hit", "The harmonic constituents are K1 and M2."),
              memory("miss", "Green tea in the morning.")));
      clock.advance(Duration.ofMinutes(3));
      engine.recall(RecallRequest.builder("harmonic constituents").scope(ALICE).build());
      clock.advance(Duration.ofMinutes(3));
      engine.recall(RecallRequest.builder("K1 M2").scope(ALICE).build());
    }
    try (RecallEngine engine = open()) {
      MemoryRecord hit = engine.get(ALICE, "hit").orElseThrow();
      assertEquals(2, hit.recallCount());
      assertEquals(T0.plus(Duration.ofMinutes(6)), hit.lastAccessed());
      assertEquals(
          2,
          engine.get(ALICE, "profile").orElseThrow().recallCount(),
          "pinned records are injected too");
      MemoryRecord miss = engine.get(ALICE, "miss").orElseThrow();
      assertEquals(0, miss.recallCount());
      assertNull(miss.lastAccessed());
    }
  }

  @Test
  void teamRecordsAreSeenOnlyByRequestsHoldingTheTeam() throws IOException {
    Scope team = Teams.scope("tide", ALICE);
    try (RecallEngine engine = open()) {
      engine.saveAll(
          List.of(
              memory("mine", "Harmonic analysis notes of alice."),
              memory("ours", "Harmonic analysis conventions of the team.").toBuilder()
                  .scope(team)
                  .build(),
              memory("theirs", "Harmonic analysis of another team.").toBuilder()
                  .scope(Teams.scope("other", ALICE))
                  .build()));
      RecallRequest request = RecallRequest.builder("harmonic analysis").scope(ALICE).build();
      assertEquals(List.of("mine"), recalled(engine, request));
      List<String> withTeam =
          engine.recall(request, Teams.of("tide")).items().stream()
              .map(i -> i.record().id())
              .toList();
      assertEquals(2, withTeam.size(), withTeam.toString());
      assertTrue(withTeam.containsAll(List.of("mine", "ours")), withTeam.toString());
      assertTrue(engine.get(ALICE, "ours").isEmpty());
      assertEquals("ours", engine.get(ALICE, Teams.of("tide"), "ours").orElseThrow().id());
      assertEquals("team:tide", team.namespace());
    }
  }

  @Test
  void badInputNamesTheFieldAndChangesNothing() throws IOException {
    try (RecallEngine engine = open()) {
      engine.saveAll(
          List.of(
              memory("live", "A live record."),
              memory("dead", "A forgotten record."),
              memory("old", "A replaced record."),
              memory("cold", "Archived.").toBuilder().tier(Tier.ARCHIVED).build(),
              memory("pinned", "Identity.").toBuilder()
                  .kind(Kind.IDENTITY)
                  .tier(Tier.PINNED)
                  .build()));
      engine.forget(ALICE, "dead");
      engine.supersede(ALICE, "old", memory("new", "The replacement."));
      List<MemoryRecord> before = everything(engine);

      assertMessage("id: no record \"nope\"", () -> engine.forget(ALICE, "nope"));
      assertMessage("id: no record \"nope\"", () -> engine.archive(ALICE, "nope"));
      assertMessage("id: no record \"nope\"", () -> engine.pin(ALICE, "nope"));
      assertMessage("id: no record \"nope\"", () -> engine.purge(ALICE, "nope"));
      assertMessage("id: no record \"nope\"", () -> engine.history(ALICE, "nope"));
      assertMessage(
          "id: no record \"nope\"", () -> engine.supersede(ALICE, "nope", memory("x", "Text.")));
      assertMessage("id: no record \"live\"", () -> engine.forget(Scope.of("bob"), "live"));
      assertMessage(
          "status: record \"dead\" is deleted; only active records can be superseded",
          () -> engine.supersede(ALICE, "dead", memory("x", "Text.")));
      assertMessage(
          "status: record \"old\" is superseded; only active records can be superseded",
          () -> engine.supersede(ALICE, "old", memory("x", "Text.")));
      assertMessage(
          "status: record \"dead\" is deleted; only active records can be pinned",
          () -> engine.pin(ALICE, "dead"));
      assertMessage(
          "newRecord.id: a record \"new\" is already stored",
          () -> engine.supersede(ALICE, "live", memory("new", "Text.")));
      assertMessage(
          "newRecord.scope: must lie inside the caller's scope",
          () ->
              engine.supersede(
                  ALICE, "live", memory("x", "Text.").toBuilder().scope(Scope.of("bob")).build()));
      assertMessage(
          "supersedes: must be null or the superseded id",
          () ->
              engine.supersede(
                  ALICE, "live", memory("x", "Text.").toBuilder().supersedes("dead").build()));
      assertMessage(
          "tier: record \"cold\" is archived; only [pinned] records can be unpinned",
          () -> engine.unpin(ALICE, "cold"));
      assertMessage(
          "namespace: must not be empty or blank", () -> engine.forget(Scope.of(""), "live"));
      assertMessage("teams: bad team name", () -> Teams.of("no spaces allowed"));

      assertEquals(before, everything(engine), "nothing changed");
    }
  }
}
