package dev.recall4j.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.recall4j.engine.Teams;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 33, item 7: two tokens racing for the same ids (a note's id, a synced path's id) over a
 * real served engine each end with their own records, and no status, error or statistic tells one
 * tenant what the other holds.
 */
class TenantIdsRaceTest {
  static final String ALICE = "token-alice-0123456789";
  static final String BOB = "token-bob-0123456789abc";
  static final int IDS = 12;

  @TempDir Path workspace;

  static String id(int i) {
    return i % 2 == 0 ? "shared-" + i : "notes:plan-" + i + ".md#0";
  }

  @Test
  void twoTokensRacingForTheSameIdsEachKeepTheirOwn() throws Exception {
    ServerSettings settings =
        ServerSettings.defaults()
            .withTokens(
                List.of(
                    new TokenGrant("A", ALICE, new Tenant("alice", Teams.NONE)),
                    new TokenGrant("B", BOB, new Tenant("bob", Teams.NONE))));
    try (ServedEngine served = ServedEngine.start(workspace, settings, "seed", "A seed.");
        ExecutorService pool = Executors.newFixedThreadPool(2)) {
      HttpApi alice = new HttpApi(served.port(), ALICE);
      HttpApi bob = new HttpApi(served.port(), BOB);
      CountDownLatch start = new CountDownLatch(1);
      List<Future<List<Integer>>> racers = new ArrayList<>();
      for (HttpApi api : List.of(alice, bob)) {
        String who = api == alice ? "Alice" : "Bob";
        Callable<List<Integer>> racer =
            () -> {
              start.await();
              List<Integer> statuses = new ArrayList<>();
              for (int i = 0; i < IDS; i++) {
                statuses.add(
                    api.send(
                            "POST",
                            "/v1/records",
                            Map.of("id", id(i), "content", who + " wrote note " + i + "."))
                        .status());
              }
              return statuses;
            };
        racers.add(pool.submit(racer));
      }
      start.countDown();
      for (Future<List<Integer>> racer : racers) {
        assertEquals(List.of(200), racer.get().stream().distinct().toList(), "every write taken");
      }

      for (int i = 0; i < IDS; i++) {
        assertEquals("Alice wrote note " + i + ".", content(alice, id(i)));
        assertEquals("Bob wrote note " + i + ".", content(bob, id(i)));
      }
      assertEquals(IDS, records(alice), "stats count only the caller's namespace");
      assertEquals(IDS, records(bob));

      bob.send("POST", "/v1/records", Map.of("id", "only-bob", "content", "Bob's alone."));
      assertEquals(IDS, records(alice), "another tenant's write changes no statistic of mine");
      for (String[] probe : new String[][] {{"GET", "/v1/records/"}, {"DELETE", "/v1/records/"}}) {
        HttpApi.Response taken = alice.send(probe[0], probe[1] + "only-bob", null);
        HttpApi.Response free = alice.send(probe[0], probe[1] + "never-written", null);
        assertEquals(free.status(), taken.status(), probe[0] + ": same status");
        assertEquals(
            free.body().toString().replace("never-written", "only-bob"),
            taken.body().toString(),
            probe[0] + ": same words");
      }
      assertEquals("Bob's alone.", content(bob, "only-bob"));
    }
  }

  private static String content(HttpApi api, String id) {
    HttpApi.Response got = api.send("GET", "/v1/records/" + encode(id), null);
    assertEquals(200, got.status(), got.body().toString());
    return (String) got.body().get("content");
  }

  private static long records(HttpApi api) {
    HttpApi.Response stats = api.send("GET", "/v1/stats", null);
    assertEquals(200, stats.status(), stats.body().toString());
    return ((Number) stats.body().get("records")).longValue();
  }

  private static String encode(String id) {
    return java.net.URLEncoder.encode(id, java.nio.charset.StandardCharsets.UTF_8)
        .replace("+", "%20");
  }
}
