package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.ranking.RecencyDecay;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigFileTest {
  @TempDir Path dir;

  Path write(String name, String yaml) throws IOException {
    return Files.writeString(dir.resolve(name), yaml);
  }

  @Test
  void everySettingHasADefault() throws IOException {
    EngineConfig c = ConfigFile.forWorkspace(dir);
    assertEquals(dir.toAbsolutePath().resolve("agents/index"), c.indexDir());
    assertEquals(EmbedderProvider.ONNX, c.embedder().provider());
    assertEquals(0.25, c.budget().share());
    assertEquals(Duration.ofMillis(200), c.recall().deadline());
    assertEquals("convex:alpha=0.5,weights=confidence", c.recall().fusion().name());
    assertEquals(RecencyDecay.defaults().toString(), c.recall().decay().toString());
  }

  @Test
  void readsRecall4jYamlWithPathsRelativeToTheWorkspace() throws IOException {
    Path file =
        write(
            "recall4j.yaml",
            """
        index: data/idx
        namespace: alice
        embedder: {provider: none}
        recall: {deadline_ms: 50, top_k: 20, fusion: "rrf:k=10"}
        budget: {context_length: 4096, share: 0.5, tokenizer: o200k}
        index_settings: {vector_encoding: float32, bm25_k1: 1.2, bm25_b: 0.75}
        """);
    EngineConfig c = ConfigFile.read(file);
    assertEquals(dir.toAbsolutePath().resolve("data/idx"), c.indexDir());
    assertEquals("alice", c.namespace());
    assertEquals(EmbedderProvider.NONE, c.embedder().provider());
    assertEquals(Duration.ofMillis(50), c.recall().deadline());
    assertEquals(20, c.recall().topK());
    assertEquals(4096, c.budget().contextLength());
    assertEquals("o200k", c.budget().tokenCounter().name());
    assertEquals(1.2, c.indexSettings().bm25K1());
  }

  @Test
  void readsTheMemorySectionOfAnAgentsOwnYaml() throws IOException {
    Path file =
        write(
            "harvey.yaml",
            """
        model: llama3.2:1b
        theme: dark
        memory:
          namespace: harvey
          budget: {share: 0.3}
        """);
    EngineConfig c = ConfigFile.read(file);
    assertEquals("harvey", c.namespace());
    assertEquals(0.3, c.budget().share());
  }

  @Test
  void unknownKeyNamesTheKeyAndTheFile() throws IOException {
    Path file = write("recall4j.yaml", "budget: {shrae: 0.3}\n");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ConfigFile.read(file));
    assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
    assertTrue(e.getMessage().contains("budget.shrae: unknown setting"), e.getMessage());
  }

  @Test
  void segmentsPerTierIsReadAndABadValueNamesIt() throws IOException {
    assertEquals(
        4, ConfigFile.read(write("s.yaml", "namespace: x\n")).indexSettings().segmentsPerTier());
    Path zero = write("z.yaml", "index_settings: {segments_per_tier: 0}\n");
    assertEquals(0, ConfigFile.read(zero).indexSettings().segmentsPerTier());
    Path one = write("o.yaml", "index_settings: {segments_per_tier: 1}\n");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ConfigFile.read(one));
    assertTrue(
        e.getMessage().contains("index_settings.segments_per_tier")
            && e.getMessage().contains("got 1"),
        e.getMessage());
  }

  @Test
  void badValueNamesTheKeyTheValueAndTheFile() throws IOException {
    Path share = write("a.yaml", "budget: {share: 1.5}\n");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ConfigFile.read(share));
    assertTrue(
        e.getMessage().contains("a.yaml")
            && e.getMessage().contains("budget.share")
            && e.getMessage().contains("1.5"),
        e.getMessage());

    Path provider = write("b.yaml", "embedder: {provider: openai}\n");
    e = assertThrows(IllegalArgumentException.class, () -> ConfigFile.read(provider));
    assertTrue(
        e.getMessage().contains("embedder.provider") && e.getMessage().contains("openai"),
        e.getMessage());

    Path topK = write("c.yaml", "recall: {top_k: many}\n");
    e = assertThrows(IllegalArgumentException.class, () -> ConfigFile.read(topK));
    assertTrue(
        e.getMessage().contains("recall.top_k") && e.getMessage().contains("many"), e.getMessage());

    Path tokenizer = write("d.yaml", "budget: {tokenizer: gpt2}\n");
    e = assertThrows(IllegalArgumentException.class, () -> ConfigFile.read(tokenizer));
    assertTrue(
        e.getMessage().contains("budget.tokenizer") && e.getMessage().contains("gpt2"),
        e.getMessage());

    Path fusion = write("e.yaml", "recall: {fusion: \"rrf:k=0\"}\n");
    e = assertThrows(IllegalArgumentException.class, () -> ConfigFile.read(fusion));
    assertTrue(e.getMessage().contains("recall.fusion"), e.getMessage());
  }

  @Test
  void statsSettingsHaveDefaultsAndAreRead() throws IOException {
    EngineConfig defaults = ConfigFile.forWorkspace(dir);
    assertTrue(defaults.stats().enabled());
    assertEquals(dir.toAbsolutePath().resolve("agents/index/stats.db"), defaults.statsFile());
    assertEquals(10_000, defaults.stats().logMaxRows());
    assertEquals(30, defaults.stats().logMaxDays());
    EngineConfig c =
        ConfigFile.read(
            write(
                "recall4j.yaml",
                """
        index: data/idx
        stats: {enabled: false, db: state/stats.db, log_max_rows: 0, log_max_days: 7}
        """));
    assertEquals(false, c.stats().enabled());
    assertEquals(dir.toAbsolutePath().resolve("state/stats.db"), c.statsFile());
    assertEquals(0, c.stats().logMaxRows());
    assertEquals(7, c.stats().logMaxDays());
    assertEquals(
        dir.toAbsolutePath().resolve("data/idx/stats.db"),
        ConfigFile.read(write("inside.yaml", "index: data/idx\n")).statsFile(),
        "inside the index by default");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> ConfigFile.read(write("bad.yaml", "stats: {log_max_days: 0}\n")));
    assertTrue(e.getMessage().contains("stats.log_max_days: must be >= 1, got 0"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> ConfigFile.read(write("bad2.yaml", "stats: {enabled: maybe}\n")));
    assertTrue(e.getMessage().contains("stats.enabled: must be true or false"), e.getMessage());
  }
}
