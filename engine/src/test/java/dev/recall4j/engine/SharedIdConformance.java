package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Status;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ids are scoped by namespace (issue 33, item 7): two tenants use the same ids without colliding,
 * every way in by id reaches only the caller's own record, and no answer, error or statistic says
 * whether an id exists in another namespace. An engine over the store under test.
 */
public abstract class SharedIdConformance extends StoreSuite {
  static final Instant T0 = Instant.parse("2026-11-01T12:00:00Z");
  static final Scope ALICE = Scope.of("alice");
  static final Scope BOB = Scope.of("bob");

  @TempDir Path workspace;

  RecallEngine open() throws IOException {
    return RecallEngine.open(engineConfig(workspace), null, new TestClock(T0));
  }

  static MemoryRecord note(Scope scope, String id, String content) {
    return MemoryRecord.builder()
        .id(id)
        .silo(Silo.MEMORY)
        .kind(Kind.PROJECT_FACT)
        .scope(scope)
        .content(content)
        .build(T0);
  }

  static List<String> contents(RecallEngine engine, Scope scope, String query) {
    return engine
        .search(RecallRequest.builder(query).scope(scope).build(), Teams.NONE, 10)
        .items()
        .stream()
        .map(i -> i.record().content())
        .toList();
  }

  @Test
  void twoNamespacesUseTheSameIdsAndEachSeesOnlyItsOwn() throws IOException {
    try (RecallEngine engine = open()) {
      engine.save(note(ALICE, "notes:plan.md#0", "Alice plans the harbour survey."));
      engine.importAll(List.of(note(BOB, "notes:plan.md#0", "Bob plans the harbour dredging.")));
      engine.save(note(BOB, "only-bob", "Bob alone writes this."));

      assertEquals(
          "Alice plans the harbour survey.",
          engine.get(ALICE, "notes:plan.md#0").orElseThrow().content());
      assertEquals(
          "Bob plans the harbour dredging.",
          engine.get(BOB, "notes:plan.md#0").orElseThrow().content());
      assertEquals(List.of("Alice plans the harbour survey."), contents(engine, ALICE, "harbour"));
      assertEquals(List.of("Bob plans the harbour dredging."), contents(engine, BOB, "harbour"));

      assertEquals(1, engine.status(ALICE).records(), "statistics count only the caller's");
      assertEquals(2, engine.status(BOB).records());
      assertEquals(engine.status(ALICE).withoutVector(), 1);

      engine.supersede(
          ALICE, "notes:plan.md#0", note(ALICE, "notes:plan.md#1", "Alice moved the survey."));
      assertEquals(
          Status.ACTIVE, engine.get(BOB, "notes:plan.md#0").orElseThrow().status(), "untouched");
      engine.change(IndexWrites.Change.PURGE, BOB, "notes:plan.md#0");
      assertEquals(Status.SUPERSEDED, engine.get(ALICE, "notes:plan.md#0").orElseThrow().status());
    }
  }

  @Test
  void anIdOfAnotherNamespaceIsRefusedInTheWordsOfAMissingOne() throws IOException {
    try (RecallEngine engine = open()) {
      engine.save(note(BOB, "only-bob", "Bob alone writes this."));
      for (IndexWrites.Change change : IndexWrites.Change.values()) {
        String elsewhere =
            assertThrows(
                    IllegalArgumentException.class, () -> engine.change(change, ALICE, "only-bob"))
                .getMessage();
        String nowhere =
            assertThrows(
                    IllegalArgumentException.class, () -> engine.change(change, ALICE, "no-such"))
                .getMessage();
        assertEquals(nowhere.replace("no-such", "only-bob"), elsewhere, change.toString());
      }
      assertTrue(engine.get(ALICE, "only-bob").isEmpty());
      assertEquals(0, engine.status(ALICE).records());
      assertEquals("Bob alone writes this.", engine.get(BOB, "only-bob").orElseThrow().content());
    }
  }

  /**
   * Ranking joins the paths by id, and a team's namespace may hold an id of the caller's own: a
   * recall or search holding the team failed with "duplicate id" in a path. The caller's own record
   * shadows the team's, as a lookup by id does.
   */
  @Test
  void aTeamRecordWithTheIdOfTheCallersOwnIsShadowedByIt() throws IOException {
    try (RecallEngine engine = open()) {
      Scope team = Teams.scope("tide", ALICE);
      engine.save(note(ALICE, "plan", "Alice plans the harbour survey for May."));
      engine.save(note(team, "plan", "The team plans the harbour survey for June."));
      engine.save(
          note(team, "pinned-plan", "The team's harbour rules.").toBuilder()
              .tier(dev.recall4j.core.Tier.PINNED)
              .build());
      engine.save(
          note(ALICE, "pinned-plan", "Alice's harbour rules.").toBuilder()
              .tier(dev.recall4j.core.Tier.PINNED)
              .build());
      RecallRequest request = RecallRequest.builder("harbour survey plans").scope(ALICE).build();

      List<String> recalled =
          engine.recall(request, Teams.of("tide")).items().stream()
              .map(i -> i.record().content())
              .toList();
      assertTrue(recalled.contains("Alice plans the harbour survey for May."), recalled.toString());
      assertTrue(recalled.contains("Alice's harbour rules."), recalled.toString());
      assertFalse(recalled.stream().anyMatch(c -> c.startsWith("The team")), recalled.toString());
      List<String> searched =
          engine.search(request, Teams.of("tide"), 10).items().stream()
              .map(i -> i.record().content())
              .toList();
      assertEquals(
          List.of("Alice plans the harbour survey for May.", "Alice's harbour rules."),
          searched.stream().sorted().toList(),
          searched.toString());
    }
  }
}
