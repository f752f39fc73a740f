package dev.recall4j.embeddings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

class OllamaOptionsTest {
  @Test
  void defaults() {
    OllamaOptions options = OllamaOptions.builder("all-minilm").build();
    assertEquals(URI.create("http://127.0.0.1:11434"), options.host());
    assertEquals(Duration.ofSeconds(10), options.timeout());
    assertEquals(32, options.batchSize());
    assertEquals("", options.queryPrefix());
    assertEquals("", options.documentPrefix());
    assertEquals("http://127.0.0.1:11434", options.baseUrl());
  }

  @Test
  void knownModelsGetTheirPrefixesWhateverTheTag() {
    OllamaOptions nomic = OllamaOptions.builder("nomic-embed-text:v1.5").build();
    assertEquals("search_query: ", nomic.queryPrefix());
    assertEquals("search_document: ", nomic.documentPrefix());
    OllamaOptions mxbai = OllamaOptions.builder("library/mxbai-embed-large:latest").build();
    assertEquals("Represent this sentence for searching relevant passages: ", mxbai.queryPrefix());
    assertEquals("", mxbai.documentPrefix());
  }

  @Test
  void explicitPrefixesWin() {
    OllamaOptions options =
        OllamaOptions.builder("nomic-embed-text").queryPrefix("").documentPrefix("doc: ").build();
    assertEquals("", options.queryPrefix());
    assertEquals("doc: ", options.documentPrefix());
  }

  @Test
  void trailingSlashIsDroppedFromTheBaseUrl() {
    OllamaOptions options =
        OllamaOptions.builder("m").host(URI.create("http://localhost:11434/")).build();
    assertEquals("http://localhost:11434", options.baseUrl());
  }

  @Test
  void badSettingsNameTheSettingAndValue() {
    assertNames("ollama.model", () -> OllamaOptions.builder(" ").build());
    assertNames("ollama.host", () -> OllamaOptions.builder("m").host(null).build());
    assertNames(
        "ollama.host", () -> OllamaOptions.builder("m").host(URI.create("ftp://h:1")).build());
    assertNames(
        "ollama.host", () -> OllamaOptions.builder("m").host(URI.create("http://h:1/api")).build());
    assertNames("ollama.timeout", () -> OllamaOptions.builder("m").timeout(Duration.ZERO).build());
    assertNames(
        "ollama.timeout", () -> OllamaOptions.builder("m").timeout(Duration.ofHours(1)).build());
    assertNames("ollama.batchSize", () -> OllamaOptions.builder("m").batchSize(0).build());
    assertNames("ollama.batchSize", () -> OllamaOptions.builder("m").batchSize(5000).build());
    assertNames("ollama.queryPrefix", () -> OllamaOptions.builder("m").queryPrefix(null));
  }

  private static void assertNames(String setting, Executable build) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, build);
    assertTrue(e.getMessage().startsWith(setting + ":"), e.getMessage());
  }
}
