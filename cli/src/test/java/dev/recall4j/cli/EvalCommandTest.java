package dev.recall4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code recall4j eval} as a user runs it, lexical only (no model) on the tiny LoCoMo fixture. */
class EvalCommandTest {
  @TempDir Path tmp;

  record Run(int exit, String out, String err) {}

  private Run eval(String tierBoost) throws URISyntaxException {
    return eval("--tier-boost=" + tierBoost, "--mode", "bm25");
  }

  /** {@code eval} on the fixture with the given options after the fixed ones. */
  private Run eval(String... options) throws URISyntaxException {
    Path locomo = Path.of(EvalCommandTest.class.getResource("/datasets/locomo-tiny").toURI());
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    List<String> args =
        new ArrayList<>(
            List.of(
                "eval",
                "--dataset",
                locomo.toString(),
                "--level",
                "mixed",
                "--budget",
                "512",
                "--cache",
                tmp.resolve("cache").toString(),
                "--out",
                tmp.resolve("r.json").toString()));
    args.addAll(List.of(options));
    int exit =
        Main.run(
            args.toArray(String[]::new), new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(exit, out.toString(), err.toString());
  }

  @Test
  void theTierPolicyReachesTheReport() throws Exception {
    Run run = eval("strict");

    assertEquals(0, run.exit(), run.err());
    JsonNode json = new ObjectMapper().readTree(tmp.resolve("r.json").toFile());
    assertEquals("mixed", json.get("level").asText());
    assertEquals("strict", json.get("tier_boost").asText());
    assertEquals(3, json.get("queries").asInt());
    assertTrue(run.out().contains("tiers strict"), run.out());
  }

  @Test
  void aBadTierBoostNamesTheOption() throws URISyntaxException, IOException {
    for (String bad : new String[] {"fast", "-0.5", "NaN"}) {
      Run run = eval(bad);

      assertEquals(1, run.exit(), bad + ": " + run.err());
      assertTrue(
          run.err()
              .startsWith(
                  "recall4j: --tier-boost: must be \"strict\" or a boost >= 0, got \""
                      + bad
                      + "\""),
          run.err());
    }
  }

  @Test
  void theLexicalQueryDiagnosticIsMarkedInTheReport() throws Exception {
    Run run = eval("--diagnostic-lexical-query=first-half", "--mode", "bm25");

    assertEquals(0, run.exit(), run.err());
    JsonNode json = new ObjectMapper().readTree(tmp.resolve("r.json").toFile());
    assertEquals("first-half", json.get("diagnostic_lexical_query").asText());
    assertTrue(run.out().contains("DIAGNOSTIC: lexical side"), run.out());

    Run bad = eval("--diagnostic-lexical-query=half", "--mode", "bm25");
    assertEquals(1, bad.exit(), bad.err());
    assertTrue(
        bad.err()
            .startsWith(
                "recall4j: --diagnostic-lexical-query: must be none, first-half or every-second,"
                    + " got \"half\""),
        bad.err());
  }
}
