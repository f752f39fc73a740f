package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.RecallResult;
import dev.recall4j.core.RecalledItem;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Tier;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Configured decay, renderers, quotas and the identity cap, through a real engine and index. */
class EverydayRecallTest {
  static final Instant NOW = Instant.parse("2026-11-01T12:00:00Z");
  static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
  static final Scope SCOPE = Scope.of("dev");

  @TempDir Path workspace;

  EngineConfig config(String yaml) throws IOException {
    Path file =
        Files.writeString(
            workspace.resolve("recall4j.yaml"), "embedder: {provider: none}\n" + yaml);
    return ConfigFile.read(file);
  }

  static MemoryRecord.Builder record(String id, Kind kind, String content) {
    return MemoryRecord.builder().id(id).silo(Silo.MEMORY).kind(kind).scope(SCOPE).content(content);
  }

  /**
   * The coding-agent seed's case: "we use jQuery" written long ago and injected every day since,
   * against the newer correction. Age counts from the last update, so the correction ranks first;
   * only {@code refresh_on_access: true} lets daily injection keep the old fact young.
   */
  List<String> frontendRanking(boolean refreshOnAccess) throws IOException {
    EngineConfig config =
        config(
            "recall: {decay: {half_life: {project_fact: 90d}, floor: 0.5, refresh_on_access: "
                + refreshOnAccess
                + "}}\n");
    List<MemoryRecord> records = new ArrayList<>();
    records.add(
        record("jquery", Kind.PROJECT_FACT, "The frontend framework we use is jQuery.")
            .lastAccessed(NOW.minus(Duration.ofDays(1)))
            .recallCount(700)
            .build(NOW.minus(Duration.ofDays(730))));
    records.add(
        record(
                "react",
                Kind.PROJECT_FACT,
                "The frontend framework we use is React; we moved from jQuery.")
            .build(NOW.minus(Duration.ofDays(14))));
    records.add(
        record("jest", Kind.PROJECT_FACT, "Frontend tests run with jest.")
            .build(NOW.minus(Duration.ofDays(30))));
    records.add(
        record("spring", Kind.PROJECT_FACT, "The backend framework is Spring Boot.")
            .build(NOW.minus(Duration.ofDays(30))));
    try (RecallEngine engine = RecallEngine.open(config, null, CLOCK)) {
      engine.importAll(records);
      RecallResult result =
          engine.recall(
              RecallRequest.builder("which frontend framework do we use?")
                  .scope(SCOPE)
                  .budgetTokens(400)
                  .build());
      return result.items().stream().map(i -> i.record().id()).toList();
    }
  }

  @Test
  void aNewerCorrectionOutranksAnOldFactRecalledEveryDay() throws IOException {
    List<String> ranked = frontendRanking(false);
    assertTrue(ranked.indexOf("react") < ranked.indexOf("jquery"), ranked.toString());
    List<String> refreshed = frontendRanking(true);
    assertTrue(refreshed.indexOf("jquery") < refreshed.indexOf("react"), refreshed.toString());
  }

  @Test
  void theRequestChoosesTheRendererAndTheConfigTheWords() throws IOException {
    EngineConfig config =
        config(
            """
            budget:
              renderer: xml
              xml_tag: harvey-memory
              headings: {project_facts: facts}
            """);
    try (RecallEngine engine = RecallEngine.open(config, null, CLOCK)) {
      engine.save(record("f", Kind.PROJECT_FACT, "The build runs with mvn verify.").build(NOW));
      RecallRequest.Builder request =
          RecallRequest.builder("how does the build run").scope(SCOPE).budgetTokens(200);
      String xml = engine.recall(request.build()).context();
      assertTrue(xml.startsWith("<harvey-memory>\n[facts]\n- "), xml);
      assertTrue(xml.endsWith("</harvey-memory>"), xml);
      String grouped = engine.recall(request.render("grouped").build()).context();
      assertTrue(grouped.startsWith("[memory context]\n[facts]\n"), grouped);
      String json = engine.recall(request.render("json").build()).context();
      assertTrue(json.startsWith("[\n{\"id\":\"f\""), json);
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class, () -> engine.recall(request.render("html").build()));
      assertTrue(e.getMessage().startsWith("render: unknown value"), e.getMessage());
    }
  }

  @Test
  void kindQuotasFromTheConfigCapTheirShare() throws IOException {
    EngineConfig config = config("budget: {quotas: {tool_use: 0.2}}\n");
    try (RecallEngine engine = RecallEngine.open(config, null, CLOCK)) {
      List<MemoryRecord> records = new ArrayList<>();
      for (int i = 0; i < 30; i++) {
        records.add(
            record("t" + i, Kind.TOOL_USE, "Running the build step " + i + " with mvn verify -pl.")
                .build(NOW));
        records.add(
            record("w" + i, Kind.WORKFLOW, "To build step " + i + " first run mvn clean.")
                .build(NOW));
      }
      engine.saveAll(records);
      RecallResult result =
          engine.recall(
              RecallRequest.builder("build step mvn").scope(SCOPE).budgetTokens(1000).build());
      int toolTokens =
          result.items().stream()
              .filter(i -> i.record().kind().equals(Kind.TOOL_USE))
              .mapToInt(RecalledItem::tokens)
              .sum();
      assertTrue(toolTokens <= 0.2 * 1000, "tool_use tokens " + toolTokens);
      assertTrue(toolTokens > 0);
    }
  }

  @Test
  void twoPinnedIdentitiesOf700CharactersShowAtMost1000() throws IOException {
    try (RecallEngine engine = RecallEngine.open(config(""), null, CLOCK)) {
      String sentence = "I am the agent of this workspace and I answer briefly. ";
      for (String id : List.of("id-a", "id-b")) {
        String text = (id + ": " + sentence.repeat(13)).substring(0, 699) + ".";
        engine.save(record(id, Kind.IDENTITY, text).tier(Tier.PINNED).build(NOW));
      }
      RecallResult result =
          engine.recall(RecallRequest.builder("").scope(SCOPE).budgetTokens(4000).build());
      String identity =
          result.context().replace("[memory context]\n[workspace profile]\n", "").replace("- ", "");
      assertTrue(identity.length() <= 1000 + 2, identity.length() + ": " + result.context());
      assertFalse(result.warnings().isEmpty());
    }
  }
}
