package dev.recall4j.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Status;
import dev.recall4j.engine.IndexWrites;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Write-back survives kill -9 between the file write and the index write (issue 32, item 7): a
 * child JVM writes the file and is killed before its index write; the file holds the change, the
 * index not yet; then a sync, or the next write-back's opening, brings the index to what the files
 * say, and a sync after that has nothing to do. Real files, a real index, a real SIGKILL.
 */
class WriteBackCrashTest {
  static final String NEW_FACT = "Tide tables are printed in local time.";
  static final String OLD_FACT = "Tide tables are printed in UTC.";

  @TempDir Path dir;

  @ParameterizedTest(name = "{0} {1}, then {2}")
  @CsvSource({
    "markdown, append, sync",
    "markdown, forget, sync",
    "markdown, supersede, sync",
    "daily-log, append, sync",
    "daily-log, forget, open",
    "daily-log, supersede, open",
  })
  void filesAndIndexAgreeAfterAKillBetweenTheTwoWrites(String type, String verb, String then)
      throws Exception {
    Files.writeString(
        dir.resolve("recall4j.yaml"),
        "sources:\n  - {name: mine, type: " + type + ", path: store, writable: true}\n");
    String old;
    try (SyncFixture f = new SyncFixture(dir)) {
      old = port(f).add(WriteBackTest.fact("old", OLD_FACT)).id();
    }
    List<String> before = texts();

    killedBetweenTheWrites(verb, old);

    assertTrue(!texts().equals(before), "the child wrote the file before it was killed");
    try (SyncFixture f = new SyncFixture(dir)) {
      assertEquals(Status.ACTIVE, f.require(old).status(), "the index was not written");
      assertTrue(newest(f).isEmpty(), "the written fact is not in the index yet");
      if (then.equals("sync")) {
        SyncReport report = f.sync.sync(spec());
        assertFalse(report.isUnchanged(), "the sync brings the written file in: " + report);
      } else {
        port(f).add(WriteBackTest.fact("later", "A later fact, written after the crash."));
      }
      Optional<MemoryRecord> written = newest(f);
      switch (verb) {
        case "append" -> {
          assertTrue(written.isPresent(), "the appended fact is in the index");
          assertEquals(Status.ACTIVE, f.require(old).status());
        }
        case "forget" -> assertEquals(Status.DELETED, f.require(old).status());
        default -> {
          assertTrue(written.isPresent(), "the replacement is in the index");
          assertTrue(f.require(old).status() != Status.ACTIVE, "the old fact is retired");
        }
      }
      assertTrue(f.sync.sync(spec()).isUnchanged(), "files and index agree");
    }
  }

  /** The active record holding the fact the child wrote, if the index has it. */
  private Optional<MemoryRecord> newest(SyncFixture f) throws IOException {
    return SyncState.read(dir.resolve("index")).source("mine").files().values().stream()
        .flatMap(file -> file.records().stream())
        .flatMap(r -> f.get(r.id()).stream())
        .filter(r -> r.content().contains(NEW_FACT) && r.status() == Status.ACTIVE)
        .findFirst();
  }

  private void killedBetweenTheWrites(String verb, String id) throws Exception {
    String java =
        ProcessHandle.current()
            .info()
            .command()
            .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    Process child =
        new ProcessBuilder(
                java,
                "--add-modules",
                "jdk.incubator.vector",
                "--enable-native-access=ALL-UNNAMED",
                "-cp",
                System.getProperty("java.class.path"),
                WriteBackChild.class.getName(),
                dir.toString(),
                verb,
                id)
            .redirectErrorStream(true)
            .start();
    try {
      CompletableFuture<String> said =
          CompletableFuture.supplyAsync(
              () -> {
                StringBuilder all = new StringBuilder();
                try (BufferedReader out =
                    new BufferedReader(
                        new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                  for (String line = out.readLine(); line != null; line = out.readLine()) {
                    all.append(line).append('\n');
                    if (line.equals("file written")) {
                      return all.toString();
                    }
                  }
                } catch (IOException e) {
                  all.append(e);
                }
                throw new AssertionError("the child ended without writing the file:\n" + all);
              });
      said.get(2, TimeUnit.MINUTES);
    } finally {
      child.destroyForcibly(); // SIGKILL on Unix
      child.waitFor(1, TimeUnit.MINUTES);
    }
  }

  private IndexWrites port(SyncFixture f) throws IOException {
    return SourceWriteBack.wrap(
        f.engine,
        dir.resolve("index"),
        SyncFixture.SCOPE,
        SourcesConfig.read(dir.resolve("recall4j.yaml")),
        Clock.fixed(WriteBackTest.NOW, ZoneOffset.UTC));
  }

  private SourceSpec spec() throws IOException {
    return SourcesConfig.read(dir.resolve("recall4j.yaml")).sources().get(0);
  }

  /** Every file of the store with its text. */
  private List<String> texts() throws IOException {
    try (Stream<Path> all = Files.walk(dir.resolve("store"))) {
      return all.filter(Files::isRegularFile)
          .sorted()
          .map(
              p -> {
                try {
                  return p + "\n" + Files.readString(p);
                } catch (IOException e) {
                  throw new java.io.UncheckedIOException(e);
                }
              })
          .toList();
    }
  }
}
