package dev.recall4j.sources;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** An option a source's type does not take is an error naming it, never silently ignored. */
class SourcesConfigTest {
  @TempDir Path dir;

  @ParameterizedTest(name = "{0} with {1}")
  @CsvSource({
    "daily-log, 'chunk_words: 80'",
    "daily-log, 'query: SELECT 1'",
    "sqlite, 'archive: [_archive]'",
    "sqlite, 'writable: true'",
    "jsonl, 'writable: true'",
    "jsonl, 'pin_memory: true'",
    "markdown, 'query: SELECT 1'",
    "markdown, 'pin_memory: true'",
  })
  void anOptionTheTypeDoesNotTakeIsAnErrorNamingIt(String type, String option) throws IOException {
    String key = option.substring(0, option.indexOf(':'));
    Path yaml =
        Files.writeString(
            dir.resolve("recall4j.yaml"),
            "sources:\n"
                + "  - {name: a, type: markdown, path: a}\n"
                + "  - {name: b, type: jsonl, path: b}\n"
                + "  - {name: c, type: "
                + type
                + ", path: c, "
                + (type.equals("sqlite") ? "query: SELECT 1, " : "")
                + option
                + "}\n");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> SourcesConfig.read(yaml));
    assertTrue(
        e.getMessage().startsWith(yaml + ": sources[2]." + key + ": not supported by " + type),
        e.getMessage());
  }
}
