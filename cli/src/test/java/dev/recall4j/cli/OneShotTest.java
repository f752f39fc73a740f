package dev.recall4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A command line is one shot: every command opens its engine, so the default in-process model is
 * cold each time (loading takes longer than the configured 200 ms deadline), and a query command
 * must still answer hybrid (issue 18, item 9).
 */
class OneShotTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  private String ok(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    String[] all = new String[args.length + 2];
    System.arraycopy(args, 0, all, 0, args.length);
    all[args.length] = "--index";
    all[args.length + 1] = dir.resolve("index").toString();
    int exit = Main.run(all, new PrintWriter(out, true), new PrintWriter(err, true));
    assertEquals(0, exit, () -> String.join(" ", args) + ": " + err);
    return out.toString();
  }

  @Test
  void searchAndRecallWaitForTheColdModelAndAnswerHybrid() throws Exception {
    ok("add", "--id", "tide", "--content", "Tide heights are shown in metres.");
    ok("add", "--id", "build", "--content", "The build uses Maven with the toolchains plugin.");

    JsonNode search =
        JSON.readTree(ok("search", "--query", "which build tool", "--format", "json"));
    assertEquals("hybrid", search.get("retrieval").get("mode").asText(), search.toString());

    JsonNode recall =
        JSON.readTree(ok("recall", "--query", "units of sea level", "--format", "json"));
    assertEquals("hybrid", recall.get("retrieval").get("mode").asText(), recall.toString());
  }
}
