package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.budget.Section;
import dev.recall4j.core.Kind;
import dev.recall4j.ranking.RecencyDecay;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The configuration an agent's user writes: renderers, quotas, decay, an agent's own section. */
class EverydayConfigTest {
  @TempDir Path dir;

  Path write(String name, String yaml) throws IOException {
    return Files.writeString(dir.resolve(name), yaml);
  }

  IllegalArgumentException refused(String yaml) throws IOException {
    Path file = write("bad.yaml", yaml);
    return assertThrows(IllegalArgumentException.class, () -> ConfigFile.read(file));
  }

  @Test
  void theGoAgentsMemorySectionIsReadAsItWroteIt() throws IOException {
    Path file = dir.resolve("harvey.yaml");
    try (InputStream in = getClass().getResourceAsStream("harvey.yaml")) {
      Files.copy(in, file);
    }
    EngineConfig c = ConfigFile.read(file);
    assertEquals(0.25, c.budget().share());
    assertEquals(5, c.recall().topK());
    assertEquals(null, c.project());
    assertEquals("default", c.namespace());
  }

  @Test
  void agentKeysMeanWhatTheySayAndRecall4jsOwnSpellingWins() throws IOException {
    EngineConfig c =
        ConfigFile.read(
            write(
                "agent.yaml",
                """
                memory:
                  budget_pct: 0.4
                  top_k: 7
                  current_project: tidewatch
                  recall: {top_k: 30}
                """));
    assertEquals(0.4, c.budget().share());
    assertEquals(30, c.recall().topK());
    assertEquals("tidewatch", c.project());
    assertEquals("tidewatch", c.defaultScope().project());
  }

  @Test
  void recall4jsOwnKeysInTheMemorySectionKeepStrictValidation() throws IOException {
    IllegalArgumentException e = refused("memory:\n  top_k: 5\n  budget: {shrae: 0.3}\n");
    assertTrue(e.getMessage().contains("memory.budget.shrae: unknown setting"), e.getMessage());
    e = refused("memory:\n  top_k: five\n");
    assertTrue(e.getMessage().contains("memory.top_k"), e.getMessage());
    e = refused("memory:\n  embeder: {provider: none}\n");
    assertTrue(e.getMessage().contains("memory.embeder: unknown setting"), e.getMessage());
    // the agent's keys are only the agent's inside its memory: section
    e = refused("budget_pct: 0.3\n");
    assertTrue(e.getMessage().contains("budget_pct: unknown setting"), e.getMessage());
  }

  @Test
  void rendererTagHeadingsAndQuotas() throws IOException {
    EngineConfig c =
        ConfigFile.read(
            write(
                "recall4j.yaml",
                """
                budget:
                  renderer: xml
                  xml_tag: harvey-memory
                  title: recalled
                  headings: {relevant_experience: experience, knowledge: rag}
                  quotas: {tool_use: 0.2, rag_chunk: 0.5}
                """));
    assertEquals("xml", c.budget().renderer());
    assertEquals("harvey-memory", c.budget().renderOptions().xmlTag());
    assertEquals("recalled", c.budget().renderOptions().title());
    assertEquals("rag", c.budget().renderOptions().heading(Section.KNOWLEDGE));
    assertEquals("project facts", c.budget().renderOptions().heading(Section.PROJECT_FACTS));
    assertEquals(0.2, c.budget().quotas().get(Kind.TOOL_USE));
    assertEquals(0.5, c.budget().quotas().get(Kind.RAG_CHUNK));

    assertTrue(
        refused("budget: {renderer: html}\n").getMessage().contains("budget.renderer"), "renderer");
    assertTrue(
        refused("budget: {quotas: {tool_use: 2}}\n")
            .getMessage()
            .contains("budget.quotas.tool_use"),
        "quota");
    assertTrue(
        refused("budget: {headings: {experience: x}}\n")
            .getMessage()
            .contains("budget.headings.experience: unknown setting"),
        "heading");
    assertTrue(
        refused("budget: {xml_tag: \"memory context\"}\n").getMessage().contains("budget.xml_tag"),
        "tag");
  }

  @Test
  void ollamaGetsAModelOllamaServesAndItsHostIsNamedAsConfigured() throws IOException {
    EngineConfig ollama = ConfigFile.read(write("o.yaml", "embedder: {provider: ollama}\n"));
    assertEquals("nomic-embed-text", ollama.embedder().model());
    assertEquals(
        "bge-small-en-v15-q",
        ollama.toBuilder().embedderProvider(EmbedderProvider.ONNX).build().embedder().model());
    assertEquals(
        "all-minilm",
        ConfigFile.read(write("m.yaml", "embedder: {provider: ollama, model: all-minilm}\n"))
            .embedder()
            .model());
    EngineConfig badHost =
        ConfigFile.read(
            write(
                "h.yaml", "embedder: {provider: ollama, host: \"http://localhost:11434/api\"}\n"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> RecallEngine.createEmbedder(badHost));
    assertTrue(e.getMessage().startsWith("embedder.host: "), e.getMessage());
  }

  @Test
  void aScopeReadsAsWordsInMessages() {
    assertEquals(
        "namespace \"alice\", project \"tidewatch\"",
        dev.recall4j.core.Scope.of("alice", "tidewatch").toString());
  }

  @Test
  void decayAsABooleanOrAMapping() throws IOException {
    assertEquals(
        RecencyDecay.none().toString(),
        ConfigFile.read(write("off.yaml", "recall: {decay: false}\n")).recall().decay().toString());
    RecencyDecay decay =
        ConfigFile.read(
                write(
                    "map.yaml",
                    """
                    recall:
                      decay:
                        half_life: {tool_use: 7d, user_preference: 26w, project_fact: 36h, workflow: none}
                        default_half_life: P10D
                        floor: 0.5
                        refresh_on_access: true
                    """))
            .recall()
            .decay();
    assertEquals(Duration.ofDays(7), decay.halfLife(Kind.TOOL_USE).orElseThrow());
    assertEquals(Duration.ofDays(182), decay.halfLife(Kind.USER_PREFERENCE).orElseThrow());
    assertEquals(Duration.ofHours(36), decay.halfLife(Kind.PROJECT_FACT).orElseThrow());
    assertFalse(decay.halfLife(Kind.WORKFLOW).isPresent());
    assertEquals(Duration.ofDays(10), decay.halfLife(new Kind("dialog_turn")).orElseThrow());
    assertEquals(0.5, decay.floor());
    assertTrue(decay.refreshOnAccess());
    assertFalse(RecencyDecay.defaults().refreshOnAccess());

    assertTrue(
        refused("recall: {decay: {half_life: {tool_use: soon}}}\n")
            .getMessage()
            .contains("recall.decay.half_life.tool_use"),
        "half-life");
    assertTrue(
        refused("recall: {decay: {floor: 0}}\n").getMessage().contains("recall.decay.floor"),
        "floor");
  }
}
