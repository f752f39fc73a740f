package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.Silo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code store:} section and the sections of other modules: a store type is found on the class
 * path ({@link StoreProvider}, here the test's {@link DirectoryStoreProvider}), reads and checks
 * its own section, and the engine then keeps its records there; a top-level key is known when a
 * module on the class path claims it.
 */
class StoreSectionTest {
  @TempDir Path dir;

  private Path yaml(String text) throws IOException {
    return Files.writeString(dir.resolve(ConfigFile.FILE_NAME), text);
  }

  @Test
  void theInProcessIndexIsTheDefaultAndMayBeNamed() throws IOException {
    assertNull(ConfigFile.read(yaml("namespace: a\n")).store());
    assertNull(ConfigFile.read(yaml("store: {type: lucene}\n")).store());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> ConfigFile.read(yaml("store: {type: lucene, hosts: [x]}\n")));
    assertTrue(e.getMessage().contains("store.hosts: unknown setting"), e.getMessage());
  }

  @Test
  void anUnknownStoreTypeNamesTheKnownOnesAndTheModuleToAdd() throws IOException {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> ConfigFile.read(yaml("store: {type: opensearch, hosts: [http://h:9200]}\n")));
    assertTrue(
        e.getMessage().contains("store.type: unknown store type \"opensearch\""), e.getMessage());
    assertTrue(e.getMessage().contains("lucene, test-directory"), e.getMessage());
    assertTrue(e.getMessage().contains("recall4j-opensearch"), e.getMessage());
  }

  @Test
  void aProvidersSectionIsCheckedByItAndTheEngineKeepsItsRecordsInItsStore() throws IOException {
    IllegalArgumentException bad =
        assertThrows(
            IllegalArgumentException.class,
            () -> ConfigFile.read(yaml("store: {type: test-directory, colour: red}\n")));
    assertTrue(bad.getMessage().contains("store.colour: unknown setting"), bad.getMessage());

    EngineConfig config =
        ConfigFile.read(
            yaml("embedder: {provider: none}\nstore: {type: test-directory, path: elsewhere}\n"));
    assertEquals("test-directory:" + dir.resolve("elsewhere"), config.store().location());
    try (RecallEngine engine = RecallEngine.open(config, null, Clock.systemUTC())) {
      engine.save(
          MemoryRecord.builder()
              .id("tide")
              .silo(Silo.MEMORY)
              .content("Tide heights are shown in metres.")
              .build(Instant.parse("2026-01-01T00:00:00Z")));
      assertEquals(
          "tide",
          engine
              .recall(RecallRequest.builder("tide heights").build())
              .items()
              .get(0)
              .record()
              .id());
      assertEquals(
          dir.resolve("elsewhere").toString(), engine.status(config.defaultScope()).location());
    }
    assertTrue(Files.isDirectory(dir.resolve("elsewhere")));
    assertTrue(Files.list(dir.resolve("elsewhere")).findAny().isPresent());
    assertFalse(
        Files.exists(config.indexDir().resolve("segments_1")),
        "the records went to the configured store, not the default index");
  }

  @Test
  void aTopLevelSectionIsKnownWhenAModuleOnTheClassPathClaimsIt() throws IOException {
    assertEquals(
        "a", ConfigFile.read(yaml("namespace: a\ntest_section: {anything: 1}\n")).namespace());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> ConfigFile.read(yaml("namespace: a\nnot_claimed: {x: 1}\n")));
    assertTrue(e.getMessage().contains("not_claimed: unknown setting"), e.getMessage());
  }
}
