package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.InvalidFieldException;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Tier;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sessions as the coding agent describes them: a session's ("local") records are recalled only
 * within it unless a request asks for every session, and ending the session archives or drops them
 * as {@code sessions.on_end} says, leaving every other record alone.
 */
class SessionEndTest {
  private static final Instant NOW = Instant.parse("2026-11-01T12:00:00Z");

  @TempDir Path workspace;

  private RecallEngine open(SessionEnd.Action onEnd) throws IOException {
    return RecallEngine.open(
        EngineConfig.builder(workspace)
            .embedderProvider(EmbedderProvider.NONE)
            .sessionsOnEnd(onEnd)
            .build(),
        null,
        Clock.fixed(NOW, ZoneOffset.UTC));
  }

  private static MemoryRecord record(String id, Scope scope, String content) {
    return MemoryRecord.builder().id(id).silo(Silo.MEMORY).scope(scope).content(content).build(NOW);
  }

  private static void seed(RecallEngine engine) {
    engine.saveAll(
        List.of(
            record(
                "user",
                Scope.of("alice"),
                "The user prefers strict TypeScript in scripts of every repo."),
            record(
                "project", Scope.of("alice", "web"), "This repo uses Bun, not Node, for scripts."),
            record(
                "local-1",
                new Scope("alice", "web", null, "s1"),
                "Just tried approach X with Bun scripts; it failed."),
            record(
                "local-2",
                new Scope("alice", null, null, "s1"),
                "Scratch: the Bun lockfile moved."),
            record(
                "other-session",
                new Scope("alice", "web", null, "s2"),
                "Bun scripts in session two: approach Y is pending."),
            record(
                "bob-local",
                new Scope("bob", "web", null, "s1"),
                "Bob's scratch about Bun scripts in s1.")));
  }

  private static List<String> recalled(RecallEngine engine, RecallRequest.Builder request) {
    return engine.recall(request.budgetTokens(2_000).build()).items().stream()
        .map(i -> i.record().id())
        .sorted()
        .toList();
  }

  @Test
  void aSessionsRecordsAreRecalledOnlyWithinItUnlessEverySessionIsAsked() throws IOException {
    try (RecallEngine engine = open(SessionEnd.Action.ARCHIVE)) {
      seed(engine);
      String query = "Bun scripts approach";
      assertEquals(
          List.of("project", "user"),
          recalled(engine, RecallRequest.builder(query).scope(Scope.of("alice", "web"))));
      assertEquals(
          List.of("local-1", "local-2", "project", "user"),
          recalled(
              engine, RecallRequest.builder(query).scope(new Scope("alice", "web", null, "s1"))));
      assertEquals(
          List.of("other-session", "project", "user"),
          recalled(
              engine, RecallRequest.builder(query).scope(new Scope("alice", "web", null, "s2"))));
      assertEquals(
          List.of("local-1", "local-2", "other-session", "project", "user"),
          recalled(
              engine,
              RecallRequest.builder(query).scope(Scope.of("alice", "web")).includeSessions(true)));
    }
  }

  @Test
  void endingASessionArchivesItsRecordsInEveryProjectAndNothingElse() throws IOException {
    try (RecallEngine engine = open(SessionEnd.Action.ARCHIVE)) {
      seed(engine);
      SessionEnd ended = engine.endSession(new Scope("alice", "web", null, "s1"));
      assertEquals(
          new SessionEnd("s1", SessionEnd.Action.ARCHIVE, List.of("local-1", "local-2")), ended);
      Scope alice = Scope.of("alice");
      assertEquals(Tier.ARCHIVED, engine.get(alice, "local-1").orElseThrow().tier());
      assertEquals(Tier.ARCHIVED, engine.get(alice, "local-2").orElseThrow().tier());
      for (String kept : List.of("user", "project", "other-session")) {
        assertEquals(Tier.ACTIVE, engine.get(alice, kept).orElseThrow().tier(), kept);
      }
      assertEquals(
          Tier.ACTIVE, engine.get(Scope.of("bob"), "bob-local").orElseThrow().tier(), "bob's s1");
      assertEquals(
          List.of("project", "user"),
          recalled(
              engine,
              RecallRequest.builder("Bun scripts approach")
                  .scope(new Scope("alice", "web", null, "s1"))));
      assertEquals(
          new SessionEnd("s1", SessionEnd.Action.ARCHIVE, List.of()),
          engine.endSession(new Scope("alice", null, null, "s1")),
          "a second end changes nothing");
    }
  }

  @Test
  void endingASessionDropsItsRecordsWhenConfigured() throws IOException {
    try (RecallEngine engine = open(SessionEnd.Action.DROP)) {
      seed(engine);
      SessionEnd ended = engine.endSession(new Scope("alice", null, null, "s1"));
      assertEquals(List.of("local-1", "local-2"), ended.ids());
      assertEquals(SessionEnd.Action.DROP, ended.action());
      assertTrue(engine.get(Scope.of("alice"), "local-1").isEmpty());
      assertTrue(engine.get(Scope.of("alice"), "local-2").isEmpty());
      assertTrue(engine.get(Scope.of("alice"), "other-session").isPresent());
      assertTrue(engine.get(Scope.of("bob"), "bob-local").isPresent());
    }
  }

  @Test
  void endingNeedsASessionAndTheConfigNamesItsSetting() throws IOException {
    try (RecallEngine engine = open(SessionEnd.Action.ARCHIVE)) {
      InvalidFieldException none =
          assertThrows(InvalidFieldException.class, () -> engine.endSession(Scope.of("alice")));
      assertEquals("session", none.field());
    }
    Path file = workspace.resolve("recall4j.yaml");
    Files.writeString(file, "sessions: {on_end: drop}\n");
    assertEquals(SessionEnd.Action.DROP, ConfigFile.read(file).sessions().onEnd());
    Files.writeString(file, "sessions: {on_end: keep}\n");
    IllegalArgumentException bad =
        assertThrows(IllegalArgumentException.class, () -> ConfigFile.read(file));
    assertTrue(bad.getMessage().contains("sessions.on_end"), bad.getMessage());
    assertTrue(bad.getMessage().contains("archive or drop"), bad.getMessage());
    assertEquals(
        SessionEnd.Action.ARCHIVE,
        ConfigFile.forWorkspace(workspace.resolve("x")).sessions().onEnd());
  }
}
