package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.recall4j.core.InvalidFieldException;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.Scope;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where the engine reports a refusal under another name than its source's (a request's {@code
 * render} for the {@code renderer} setting, {@code embedder.*} for Ollama's options), it reads the
 * field the exception carries; callers read the field too.
 */
class FieldErrorsTest {
  @TempDir Path workspace;

  @Test
  void anUnknownRendererIsAnErrorOfTheRequestsRenderField() throws IOException {
    EngineConfig config =
        EngineConfig.builder(workspace).embedderProvider(EmbedderProvider.NONE).build();
    try (RecallEngine engine = RecallEngine.open(config, null, new TestClock(Instant.EPOCH))) {
      RecallRequest request =
          RecallRequest.builder("tides").scope(Scope.of("default")).render("html").build();
      InvalidFieldException e =
          assertThrows(InvalidFieldException.class, () -> engine.recall(request));
      assertEquals("render", e.field());
      assertEquals("render: " + e.problem(), e.getMessage());
      InvalidFieldException cursor =
          assertThrows(
              InvalidFieldException.class,
              () -> engine.list(RecallRequest.builder("").build(), Teams.NONE, "!!", 10));
      assertEquals("cursor", cursor.field());
    }
  }

  @Test
  void ollamasOptionsAreNamedByTheirFileKeys() throws IOException {
    Path file = workspace.resolve("recall4j.yaml");
    Files.writeString(file, "embedder: {provider: ollama, host: \"http://localhost:11434/api\"}\n");
    InvalidFieldException e =
        assertThrows(
            InvalidFieldException.class, () -> RecallEngine.createEmbedder(ConfigFile.read(file)));
    assertEquals("embedder.host", e.field());
  }

  @Test
  void aTimeBoundNamesTheOptionItWasGiven() {
    InvalidFieldException e =
        assertThrows(
            InvalidFieldException.class, () -> TimeBound.parse("--since", "soon", Instant.EPOCH));
    assertEquals("--since", e.field());
  }
}
