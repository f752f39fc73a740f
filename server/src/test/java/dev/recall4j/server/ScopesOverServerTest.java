package dev.recall4j.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.engine.Teams;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The coding agent's scopes over a real served engine (issue 32, item 6): user, project, session
 * ("local") and team, chosen by the arguments of each call, a team only where the token is granted
 * it; a session's records stay in their session until {@code memory_session_end} archives them. Two
 * tokens: alice's is granted team {@code tide}, bob's no team.
 */
class ScopesOverServerTest {
  private static final String ALICE = "alice-token-0123456789";
  private static final String BOB = "bob-token-0123456789abc";

  @TempDir Path workspace;
  private ServedEngine served;
  private HttpApi alice;
  private HttpApi bob;

  @BeforeEach
  void start() throws Exception {
    ServerSettings settings =
        ServerSettings.defaults()
            .withTokens(
                List.of(
                    new TokenGrant("ALICE_TOKEN", ALICE, new Tenant("alice", Teams.of("tide"))),
                    new TokenGrant("BOB_TOKEN", BOB, new Tenant("bob", Teams.NONE))));
    served = ServedEngine.start(workspace, settings, "seed", "A record of the default namespace.");
    alice = new HttpApi(served.port(), ALICE);
    bob = new HttpApi(served.port(), BOB);
  }

  @AfterEach
  void stop() throws Exception {
    served.close();
  }

  private static Map<String, Object> args(Object... keyValues) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < keyValues.length; i += 2) {
      map.put((String) keyValues[i], keyValues[i + 1]);
    }
    return map;
  }

  private static String append(HttpApi api, Map<String, Object> body) {
    HttpApi.Response saved = api.send("POST", "/v1/records", body);
    assertEquals(200, saved.status(), saved.body().toString());
    return (String) saved.body().get("id");
  }

  @SuppressWarnings("unchecked")
  private static List<String> ids(HttpApi.Response answer) {
    assertEquals(200, answer.status(), answer.body().toString());
    return ((List<Map<String, Object>>) answer.body().get("items"))
        .stream().map(i -> (String) i.get("id")).toList();
  }

  private static void assertRefused(int status, String argument, HttpApi.Response answer) {
    assertEquals(status, answer.status(), answer.body().toString());
    String error = (String) answer.body().get("error");
    assertTrue(error.startsWith("argument '" + argument + "': "), error);
  }

  @Test
  void aTeamNamespaceIsReadAndWrittenOnlyWithItsGrant() {
    String shared =
        append(
            alice,
            args("content", "Team tide deploys on Thursdays.", "scope", "team", "team", "tide"));
    assertEquals(
        200, alice.send("GET", "/v1/records/" + shared + "?team=tide", null).status(), "by id");
    assertTrue(ids(alice.send("POST", "/v1/search", args("query", "deploys"))).contains(shared));
    assertEquals(
        List.of(shared),
        ids(alice.send("POST", "/v1/search", args("query", "deploys", "team", "tide"))));

    HttpApi.Response refused =
        bob.send("POST", "/v1/records", args("content", "Bob's note.", "team", "tide"));
    assertRefused(403, "team", refused);
    assertTrue(
        ((String) refused.body().get("error")).contains("not granted"), refused.body()::toString);
    assertRefused(
        403, "team", bob.send("POST", "/v1/search", args("query", "deploys", "team", "tide")));
    assertRefused(
        403, "team", bob.send("POST", "/v1/recall", args("query", "deploys", "team", "tide")));
    assertRefused(403, "team", bob.send("GET", "/v1/records?team=tide", null));
    assertRefused(403, "team", bob.send("GET", "/v1/stats?team=tide", null));
    assertEquals(200, alice.send("GET", "/v1/stats?team=tide", null).status());
    assertRefused(403, "team", bob.send("DELETE", "/v1/records/" + shared + "?team=tide", null));
    assertFalse(ids(bob.send("POST", "/v1/search", args("query", "deploys"))).contains(shared));
    assertEquals(400, bob.send("GET", "/v1/records/" + shared, null).status());

    Map<String, Object> overMcp =
        bob.callTool("memory_append", args("content", "Bob's note.", "team", "tide"));
    assertEquals(true, overMcp.get("isError"));
    assertTrue(overMcp.toString().contains("argument 'team'"), overMcp::toString);
    Map<String, Object> aliceOverMcp =
        alice.callTool(
            "memory_append", args("content", "Tide's runbook is in ops/.", "team", "tide"));
    assertEquals(false, aliceOverMcp.get("isError"), aliceOverMcp::toString);
    // Alice can forget a team record by naming the team.
    assertEquals(200, alice.send("DELETE", "/v1/records/" + shared + "?team=tide", null).status());
  }

  @Test
  void aSessionsRecordsStayInItsSessionUntilItEnds() {
    String local =
        append(
            alice,
            args(
                "content", "Just tried approach X on the build; it failed.",
                "scope", "session",
                "session", "s1",
                "project", "web"));
    String fact =
        append(
            alice,
            args(
                "content", "The build uses approach Z.",
                "scope", "project",
                "project", "web"));
    String mine = append(alice, args("content", "I prefer approach notes short.", "scope", "user"));

    List<String> noSession =
        ids(alice.send("POST", "/v1/recall", args("query", "approach build", "project", "web")));
    assertTrue(noSession.containsAll(List.of(fact, mine)), noSession::toString);
    assertFalse(noSession.contains(local), "a recall naming no session: " + noSession);
    assertFalse(
        ids(alice.send("POST", "/v1/search", args("query", "approach", "project", "web")))
            .contains(local));
    assertFalse(ids(alice.send("GET", "/v1/records?project=web", null)).contains(local));
    assertFalse(
        ids(alice.send(
                "POST", "/v1/recall", args("query", "approach", "project", "web", "session", "s2")))
            .contains(local),
        "another session");
    assertTrue(
        ids(alice.send(
                "POST", "/v1/recall", args("query", "approach", "project", "web", "session", "s1")))
            .contains(local));
    assertTrue(
        ids(alice.send(
                "POST",
                "/v1/search",
                args("query", "approach", "project", "web", "include_sessions", true)))
            .contains(local),
        "asked for every session");
    assertFalse(
        ids(bob.send(
                "POST",
                "/v1/recall",
                args("query", "approach", "session", "s1", "all_projects", true)))
            .contains(local),
        "another token's session of the same name");

    assertEquals(
        List.of(), bob.send("POST", "/v1/sessions/end", args("session", "s1")).body().get("ids"));
    HttpApi.Response ended = alice.send("POST", "/v1/sessions/end", args("session", "s1"));
    assertEquals(200, ended.status(), ended.body().toString());
    assertEquals(
        Map.of(
            "schema", 1, "session", "s1", "action", "archive", "records", 1, "ids", List.of(local)),
        ended.body());
    Map<String, Object> inSession = args("query", "approach", "project", "web", "session", "s1");
    assertFalse(ids(alice.send("POST", "/v1/recall", inSession)).contains(local), "archived");
    inSession.put("include_archived", true);
    assertTrue(ids(alice.send("POST", "/v1/search", inSession)).contains(local), "kept");
    Map<String, Object> again = alice.callTool("memory_session_end", args("session", "s1"));
    assertEquals(false, again.get("isError"), again::toString);
    assertEquals(0, ((Map<?, ?>) again.get("structuredContent")).get("records"));
  }

  @Test
  void aScopeWithoutItsArgumentIsRefusedNamingTheArgument() {
    assertRefused(
        400,
        "project",
        alice.send("POST", "/v1/records", args("content", "x", "scope", "project")));
    assertRefused(
        400,
        "session",
        alice.send("POST", "/v1/records", args("content", "x", "scope", "session")));
    assertRefused(
        400, "team", alice.send("POST", "/v1/records", args("content", "x", "scope", "team")));
    assertRefused(
        400,
        "session",
        alice.send("POST", "/v1/records", args("content", "x", "scope", "user", "session", "s1")));
    assertRefused(
        400, "scope", alice.send("POST", "/v1/records", args("content", "x", "scope", "global")));
    assertRefused(400, "session", alice.send("POST", "/v1/sessions/end", args()));
  }
}
