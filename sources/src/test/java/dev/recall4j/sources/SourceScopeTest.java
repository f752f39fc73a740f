package dev.recall4j.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.Scope;
import dev.recall4j.engine.Teams;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The coding agent's scopes from one configuration (issue 32, item 6): its instructions are the
 * user's own (every project), a project's memory folder that project's, a shared folder a team's;
 * no other configuration is needed.
 */
class SourceScopeTest {
  @TempDir Path dir;

  private SourcesConfig config(String yaml) throws IOException {
    return SourcesConfig.read(Files.writeString(dir.resolve("recall4j.yaml"), yaml));
  }

  private static List<String> recalled(SyncFixture f, String query, Scope scope, Teams teams) {
    return f
        .engine
        .recall(RecallRequest.builder(query).scope(scope).budgetTokens(2_000).build(), teams)
        .items()
        .stream()
        .map(i -> i.record().content())
        .toList();
  }

  @Test
  void userProjectAndTeamSourcesFromOneConfiguration() throws IOException {
    try (SyncFixture f = new SyncFixture(dir)) {
      userProjectAndTeam(f);
    }
  }

  private void userProjectAndTeam(SyncFixture f) throws IOException {
    f.write(".claude/CLAUDE.md", "# Instructions\n\nAlways run bun test before committing.\n");
    f.write(".claude/rules/style.md", "# Style\n\nUse TypeScript strict mode everywhere.\n");
    f.write(
        ".claude/projects/my-project/memory/build.md",
        "# Build\n\nThis repo uses Bun, not Node: bun install, then bun run build.\n");
    f.write("team/deploys.md", "# Deploys\n\nThe team deploys with bun on Thursdays.\n");
    SourcesConfig sources =
        config(
            """
            sources:
              - {name: claude, type: markdown, path: .claude, exclude: [projects],
                 pin: [CLAUDE.md, rules], scope: user}
              - {name: my-project, type: markdown, path: .claude/projects/my-project/memory,
                 project: my-project}
              - {name: team, type: markdown, path: team, team: tide}
            """);
    SourceSync sync =
        new SourceSync(f.engine, Scope.of("default", "other"), Clock.systemUTC(), 100);
    Map<String, SyncReport> first = sync.syncAll(sources.sources());
    assertEquals(2, first.get("claude").added());
    assertTrue(
        sync.syncAll(sources.sources()).values().stream().allMatch(SyncReport::isUnchanged),
        "a second sync writes nothing");

    assertEquals(null, f.require("claude:CLAUDE.md#0").scope().project(), "the user's own");
    assertEquals("my-project", f.require("my-project:build.md#0").scope().project());
    assertEquals(
        "team:tide",
        f.engine.get(Scope.of("team:tide"), "team:deploys.md#0").orElseThrow().scope().namespace());

    List<String> inProject = recalled(f, "bun", Scope.of("default", "my-project"), Teams.NONE);
    assertTrue(inProject.stream().anyMatch(c -> c.contains("bun install")), inProject::toString);
    assertTrue(inProject.stream().anyMatch(c -> c.contains("bun test")), inProject::toString);
    assertTrue(inProject.stream().noneMatch(c -> c.contains("Thursdays")), inProject::toString);

    List<String> elsewhere = recalled(f, "bun", Scope.of("default", "web"), Teams.of("tide"));
    assertTrue(elsewhere.stream().anyMatch(c -> c.contains("bun test")), elsewhere::toString);
    assertTrue(elsewhere.stream().anyMatch(c -> c.contains("Thursdays")), elsewhere::toString);
    assertTrue(elsewhere.stream().noneMatch(c -> c.contains("bun install")), elsewhere::toString);
  }

  @Test
  void aScopeWithoutItsSettingOrWithAContradictionIsRefusedNamingTheKey() {
    record Case(String yaml, String message) {}
    for (Case c :
        List.of(
            new Case(
                "{name: a, type: markdown, path: a, scope: user, project: p}",
                "sources[0].project: must be absent for scope user"),
            new Case(
                "{name: a, type: markdown, path: a, scope: team}",
                "sources[0].team: required for scope team"),
            new Case(
                "{name: a, type: markdown, path: a, scope: local}",
                "sources[0].scope: must be user, project or team"),
            new Case(
                "{name: a, type: markdown, path: a, project: 'a b'}",
                "sources[0].project: must be 1-128 characters"))) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class, () -> config("sources:\n  - " + c.yaml() + "\n"));
      assertTrue(e.getMessage().contains(c.message()), e.getMessage());
    }
  }
}
