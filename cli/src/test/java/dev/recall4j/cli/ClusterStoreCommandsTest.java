package dev.recall4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.cli.ReliabilityCommandsTest.Run;
import dev.recall4j.opensearch.OpenSearchCluster;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The commands on an OpenSearch cluster store, configured as {@code store: {type: opensearch}} in
 * {@code recall4j.yaml}, against the real test cluster: add, sync, search, recall, list, forget,
 * status, export and import, serve; and {@code migrate} from the in-process index to the cluster
 * and back, nothing lost.
 */
@ExtendWith(OpenSearchCluster.class)
class ClusterStoreCommandsTest {
  private static final AtomicInteger NEXT = new AtomicInteger();

  @TempDir Path dir;

  /** A workspace whose store is a fresh cluster index; {@code more} is added to its file. */
  private Path clusterWorkspace(OpenSearchCluster.Hosts hosts, String name, String more)
      throws IOException {
    String nodes = hosts.uris().stream().map(u -> "'" + u + "'").collect(Collectors.joining(", "));
    return workspace(
        name,
        more
            + "store: {type: opensearch, hosts: ["
            + nodes
            + "], index: cli-"
            + name
            + "-"
            + NEXT.incrementAndGet()
            + ", refresh_interval_ms: 50}\n");
  }

  private Path workspace(String name, String text) throws IOException {
    Path folder = Files.createDirectories(dir.resolve(name));
    return Files.writeString(folder.resolve("recall4j.yaml"), "namespace: alice\n" + text);
  }

  private static Run ok(String... args) {
    Run r = ReliabilityCommandsTest.run(args);
    assertEquals(0, r.exit(), () -> String.join(" ", args) + ": " + r.err());
    return r;
  }

  @Test
  void everyCommandWorksOnAClusterStore(OpenSearchCluster.Hosts hosts) throws Exception {
    Path config =
        clusterWorkspace(
            hosts,
            "records",
            "embedder: {provider: none}\nsources:\n  - {name: notes, type: markdown, path: vault}\n");
    String c = config.toString();
    Files.createDirectories(config.resolveSibling("vault"));
    Files.writeString(
        config.resolveSibling("vault/harbour.md"), "# Harbour\nZqxpilot boarding is at dawn.\n");
    String gauges =
        ok("add", "--config", c, "--content", "Tide gauges report every ten minutes.")
            .out()
            .strip();
    String deploy =
        ok("add", "--config", c, "--content", "The deploy script lives in ops/deploy.sh.")
            .out()
            .strip();
    assertTrue(ok("sync", "--config", c).out().contains("notes: 1 added"));
    assertTrue(ok("search", "--config", c, "--query", "tide gauges").out().contains(gauges));
    assertTrue(ok("recall", "--config", c, "--query", "deploy").out().contains("ops/deploy.sh"));
    assertTrue(ok("search", "--config", c, "--query", "zqxpilot").out().contains("dawn"));
    assertTrue(ok("list", "--config", c).out().contains(deploy));
    ok("forget", "--config", c, deploy);
    assertFalse(ok("list", "--config", c).out().contains(deploy));
    String status = ok("status", "--config", c).out();
    assertTrue(status.contains(hosts.uris().get(0) + "/cli-records-"), status);

    Path exported = dir.resolve("export.jsonl");
    ok("export", "--config", c, "--out", exported.toString());
    assertEquals(3, Files.readAllLines(exported).size(), "every status is exported");
    Path copy = clusterWorkspace(hosts, "imported", "embedder: {provider: none}\n");
    ok("import", "--config", copy.toString(), exported.toString());
    assertEquals(ok("list", "--config", c).out(), ok("list", "--config", copy.toString()).out());

    String served = serve(config, "Served through the cluster: zqxferry leaves at noon.");
    assertTrue(served.contains("zqxferry"), served);
    assertTrue(ok("search", "--config", c, "--query", "zqxferry").out().contains("noon"));
  }

  @Test
  void migrateCopiesEveryRecordToTheClusterAndBack(OpenSearchCluster.Hosts hosts)
      throws IOException {
    // The in-process model: the records carry vectors, which must arrive unchanged.
    Path local = workspace("local", "index: index\n");
    String l = local.toString();
    String fact = ok("add", "--config", l, "--content", "Brest reports every ten minutes.").out();
    ok("add", "--config", l, "--content", "Pinned: the workspace is tidewatch.", "--pin");
    ok("add", "--config", l, "--namespace", "bob", "--content", "Bob keeps his own notes.");
    String old = ok("add", "--config", l, "--content", "Deploys run on Fridays.").out().strip();
    ok("supersede", "--config", l, old, "--content", "Deploys run on Thursdays.");
    ok("forget", "--config", l, fact.strip());
    ok("recall", "--config", l, "--query", "deploys");

    Path cluster = clusterWorkspace(hosts, "cluster", "");
    Run there = ok("migrate", "--config", l, "--to", cluster.toString());
    assertTrue(there.out().contains("records: 5 in the source, 5 in the target"), there.out());
    assertTrue(there.out().contains("sample: 5 records read back, 0 differing"), there.out());
    Run again = ReliabilityCommandsTest.run("migrate", "--config", l, "--to", cluster.toString());
    assertEquals(1, again.exit());
    assertTrue(again.err().contains("already holds 5 records"), again.err());

    Path back = workspace("back", "index: index\n");
    Run home = ok("migrate", "--config", cluster.toString(), "--to", back.toString());
    assertTrue(home.out().contains("0 differing"), home.out());
    for (String namespace : List.of("alice", "bob")) {
      assertEquals(exported(local, namespace), exported(back, namespace), "namespace " + namespace);
    }
  }

  /** Every record of a namespace as JSONL, vectors and statistics included. */
  private List<String> exported(Path config, String namespace) throws IOException {
    Path out = dir.resolve("export-" + NEXT.incrementAndGet() + ".jsonl");
    ok("export", "--config", config.toString(), "--namespace", namespace, "--out", out.toString());
    List<String> lines = Files.readAllLines(out);
    assertFalse(lines.isEmpty());
    return lines;
  }

  /**
   * Runs {@code serve} on the configuration as a process, appends a record and recalls it over
   * HTTP, stops it with SIGTERM; returns the recall's answer.
   */
  private String serve(Path config, String content) throws Exception {
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-modules=jdk.incubator.vector",
                "--enable-native-access=ALL-UNNAMED",
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName(),
                "serve",
                "--config",
                config.toString(),
                "--http",
                "127.0.0.1:0"));
    Process server =
        new ProcessBuilder(command)
            .directory(config.getParent().toFile())
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    try {
      BufferedReader out =
          new BufferedReader(
              new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
      String line = out.readLine();
      Matcher port = Pattern.compile("http://127\\.0\\.0\\.1:(\\d+)").matcher(String.valueOf(line));
      assertTrue(port.find(), "no address in: " + line);
      String base = "http://127.0.0.1:" + port.group(1) + "/v1/";
      assertEquals(200, post(base + "records", "{\"content\":\"" + content + "\"}").statusCode());
      HttpResponse<String> recall = post(base + "recall", "{\"query\":\"zqxferry\"}");
      assertEquals(200, recall.statusCode(), recall.body());
      server.destroy(); // SIGTERM
      assertTrue(server.waitFor(60, TimeUnit.SECONDS), "the server did not exit on SIGTERM");
      return recall.body();
    } finally {
      server.destroyForcibly();
    }
  }

  private static HttpResponse<String> post(String uri, String body) throws Exception {
    return HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(URI.create(uri))
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
  }
}
