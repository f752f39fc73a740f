package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.LinkedFrom;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.RecallResult;
import dev.recall4j.core.RecalledItem;
import dev.recall4j.core.Scope;
import dev.recall4j.core.ScoredRecord;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Stage;
import dev.recall4j.core.Status;
import dev.recall4j.core.Tier;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Link expansion on a real index (lexical, so scores are exact): linked records pulled in with the
 * damped score, the larger score kept for a record already ranked, supersede chains resolved to the
 * newest active version (never both), every filter applied to what a link reaches, the cap, and the
 * switch per request and per configuration.
 */
class LinkExpansionTest {
  static final Scope ALICE = Scope.of("alice");

  @TempDir Path workspace;

  RecallEngine open(UnaryOperator<EngineConfig.Builder> settings) throws IOException {
    EngineConfig config =
        settings
            .apply(
                EngineConfig.builder(workspace)
                    .embedderProvider(EmbedderProvider.NONE)
                    .statsEnabled(false))
            .build();
    return RecallEngine.open(config, null, RecallEngineTest.CLOCK);
  }

  static MemoryRecord.Builder note(String id, String content, String... links) {
    return MemoryRecord.builder()
        .id(id)
        .silo(Silo.RAG)
        .scope(ALICE)
        .content(content)
        .links(List.of(links));
  }

  static RecallRequest request(String query, Boolean links) {
    return RecallRequest.builder(query)
        .scope(ALICE)
        .budgetTokens(10_000)
        .deadline(Duration.ofSeconds(30))
        .links(links)
        .build();
  }

  static List<String> ids(List<ScoredRecord> ranked) {
    return ranked.stream().map(ScoredRecord::id).toList();
  }

  /** The linking note matches the query; the answer sits in the note it links to. */
  static List<MemoryRecord> vault() {
    return List.of(
        note("index", "Tide gauge maintenance: see the calibration note.", "calibration", "ghost")
            .build(RecallEngineTest.NOW),
        note("calibration", "Zero the sensor against the staff board every spring.")
            .build(RecallEngineTest.NOW),
        note("unrelated", "Buy coffee beans.").build(RecallEngineTest.NOW));
  }

  @Test
  void aLinkedRecordComesInWithTheDampedScoreOfTheHitThatLinksIt() throws IOException {
    try (RecallEngine engine = open(b -> b.linkDamping(0.5))) {
      engine.importAll(vault());
      List<ScoredRecord> without =
          engine.search(request("tide gauge maintenance", false), Teams.NONE, 10).items();
      assertEquals(List.of("index"), ids(without));

      List<ScoredRecord> with =
          engine.search(request("tide gauge maintenance", true), Teams.NONE, 10).items();
      assertEquals(List.of("index", "calibration"), ids(with), "the missing id is skipped");
      ScoredRecord linked = with.get(1);
      assertEquals(with.get(0).finalScore() * 0.5, linked.finalScore(), 1e-12);
      assertEquals(new LinkedFrom("index", LinkedFrom.Route.LINK), linked.score().linkedFrom());
      assertEquals(0, linked.score().lexicalRank(), "no path found it");
      assertNull(with.get(0).score().linkedFrom());

      RecallResult recall = engine.recall(request("tide gauge maintenance", true));
      assertEquals(
          List.of("index", "calibration"),
          recall.items().stream().map(i -> i.record().id()).toList());
      assertTrue(recall.timingsMillis().containsKey(Stage.LINKS));
      assertFalse(
          engine
              .recall(request("tide gauge maintenance", null))
              .timingsMillis()
              .containsKey(Stage.LINKS),
          "off by default");
    }
  }

  @Test
  void theConfigurationTurnsItOnAndARequestOff() throws IOException {
    try (RecallEngine engine = open(b -> b.linkExpansion(true))) {
      engine.importAll(vault());
      assertEquals(
          List.of("index", "calibration"),
          ids(engine.search(request("tide gauge maintenance", null), Teams.NONE, 10).items()));
      assertEquals(
          List.of("index"),
          ids(engine.search(request("tide gauge maintenance", false), Teams.NONE, 10).items()));
    }
  }

  @Test
  void aRankedRecordKeepsTheLargerOfItsOwnScoreAndTheLinks() throws IOException {
    try (RecallEngine engine = open(b -> b.linkDamping(1.0))) {
      engine.importAll(
          List.of(
              note("hub", "kelp kelp kelp forest survey", "weak", "strong")
                  .build(RecallEngineTest.NOW),
              note("weak", "kelp mentioned once among many other words here")
                  .build(RecallEngineTest.NOW),
              note("strong", "kelp kelp kelp kelp forest survey results")
                  .build(RecallEngineTest.NOW)));
      List<ScoredRecord> plain =
          engine.search(request("kelp forest survey", false), Teams.NONE, 10).items();
      Map<String, Double> own =
          Map.of(
              plain.get(0).id(), plain.get(0).finalScore(),
              plain.get(1).id(), plain.get(1).finalScore(),
              plain.get(2).id(), plain.get(2).finalScore());
      List<ScoredRecord> linked =
          engine.search(request("kelp forest survey", true), Teams.NONE, 10).items();
      double hub = own.get("hub");
      for (ScoredRecord s : linked) {
        double expected = s.id().equals("hub") ? hub : Math.max(own.get(s.id()), hub);
        assertEquals(expected, s.finalScore(), 1e-12, s.id());
        assertEquals(
            own.get(s.id()) < expected,
            s.score().linkedFrom() != null,
            s.id() + ": marked exactly when the link's score won");
      }
      for (int i = 1; i < linked.size(); i++) {
        assertTrue(linked.get(i - 1).finalScore() >= linked.get(i).finalScore(), "ordered");
      }
    }
  }

  @Test
  void aSupersededHitGivesWayToItsNewestActiveVersionNeverBoth() throws IOException {
    try (RecallEngine engine = open(b -> b)) {
      // A vault's way: both notes stay active, the newer one names the one it replaces; then a
      // correction through the engine supersedes the middle version (status superseded).
      engine.importAll(
          List.of(
              note("v1", "ferry timetable departs at nine").build(RecallEngineTest.NOW),
              note("v2", "ferry schedule changed: leaves at ten")
                  .supersedes("v1")
                  .build(RecallEngineTest.NOW.plusSeconds(1))));
      engine.supersede(
          ALICE,
          "v2",
          note("v3", "boat now leaves at eleven").build(RecallEngineTest.NOW.plusSeconds(2)));
      assertEquals(Status.SUPERSEDED, engine.get(ALICE, "v2").orElseThrow().status());

      List<ScoredRecord> plain =
          engine.search(request("ferry timetable nine", false), Teams.NONE, 10).items();
      assertEquals(List.of("v1"), ids(plain), "v3 shares no word with the query");

      List<ScoredRecord> resolved =
          engine.search(request("ferry timetable nine", true), Teams.NONE, 10).items();
      assertEquals(List.of("v3"), ids(resolved));
      assertEquals(plain.get(0).finalScore(), resolved.get(0).finalScore(), 1e-12);
      assertEquals(
          new LinkedFrom("v1", LinkedFrom.Route.SUCCESSOR), resolved.get(0).score().linkedFrom());
    }
  }

  @Test
  void aLinkToASupersededRecordBringsItsNewestVersion() throws IOException {
    try (RecallEngine engine = open(b -> b)) {
      engine.importAll(
          List.of(
              note("index", "harbour procedures overview", "procedure-old")
                  .build(RecallEngineTest.NOW),
              note("procedure-old", "radio channel 12").build(RecallEngineTest.NOW)));
      engine.supersede(
          ALICE,
          "procedure-old",
          note("procedure-new", "radio channel 14").build(RecallEngineTest.NOW.plusSeconds(1)));
      List<ScoredRecord> found =
          engine.search(request("harbour procedures", true), Teams.NONE, 10).items();
      assertEquals(List.of("index", "procedure-new"), ids(found));
      assertEquals(
          new LinkedFrom("index", LinkedFrom.Route.LINK), found.get(1).score().linkedFrom());
    }
  }

  @Test
  void aLinkReachesOnlyWhatTheRequestsOwnSearchCouldReturn() throws IOException {
    try (RecallEngine engine = open(b -> b)) {
      engine.importAll(
          List.of(
              note(
                      "index",
                      "lighthouse keeper log",
                      "other-namespace",
                      "other-project",
                      "archived",
                      "deleted",
                      "untagged",
                      "wrong-silo",
                      "too-old",
                      "fine")
                  .tags(List.of("ops"))
                  .build(RecallEngineTest.NOW),
              note("other-namespace", "secret of bob")
                  .scope(Scope.of("bob"))
                  .tags(List.of("ops"))
                  .build(RecallEngineTest.NOW),
              note("other-project", "project b")
                  .scope(Scope.of("alice", "b"))
                  .tags(List.of("ops"))
                  .build(RecallEngineTest.NOW),
              note("archived", "cold")
                  .tier(Tier.ARCHIVED)
                  .tags(List.of("ops"))
                  .build(RecallEngineTest.NOW),
              note("deleted", "gone")
                  .status(Status.DELETED)
                  .tags(List.of("ops"))
                  .build(RecallEngineTest.NOW),
              note("untagged", "no tag").build(RecallEngineTest.NOW),
              note("wrong-silo", "a memory")
                  .silo(Silo.MEMORY)
                  .tags(List.of("ops"))
                  .build(RecallEngineTest.NOW),
              note("too-old", "old")
                  .tags(List.of("ops"))
                  .build(RecallEngineTest.NOW.minus(Duration.ofDays(400))),
              note("fine", "visible").tags(List.of("ops")).build(RecallEngineTest.NOW)));
      RecallRequest request =
          RecallRequest.builder("lighthouse keeper")
              .scope(ALICE)
              .silos(Set.of(Silo.RAG))
              .tags(Set.of("ops"))
              .since(RecallEngineTest.NOW.minus(Duration.ofDays(30)))
              .links(true)
              .deadline(Duration.ofSeconds(30))
              .budgetTokens(10_000)
              .build();
      assertEquals(List.of("index", "fine"), ids(engine.search(request, Teams.NONE, 10).items()));
      assertEquals(
          List.of("index", "fine"),
          engine.recall(request).items().stream()
              .map(RecalledItem::record)
              .map(MemoryRecord::id)
              .toList());
    }
  }

  @Test
  void atMostMaxLinkedRecordsArePulledInBestHitFirst() throws IOException {
    try (RecallEngine engine = open(b -> b.maxLinked(2))) {
      engine.importAll(
          List.of(
              note("hub", "anchor anchor chain", "a", "b", "c").build(RecallEngineTest.NOW),
              note("a", "one").build(RecallEngineTest.NOW),
              note("b", "two").build(RecallEngineTest.NOW),
              note("c", "three").build(RecallEngineTest.NOW)));
      assertEquals(
          List.of("hub", "a", "b"),
          ids(engine.search(request("anchor chain", true), Teams.NONE, 10).items()));
    }
  }
}
