package dev.recall4j.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Silo;
import dev.recall4j.engine.RecallEngine;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 33, items 2 and 4, over HTTP: the background checksum check finds a flipped byte, {@code
 * /health} turns {@code degraded} (503) with the reason, and the JSON API answers every request
 * with 503 "index damaged: run `recall4j verify`" instead of an answer read from damaged files.
 */
class StoreHealthOverHttpTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path workspace;

  @Test
  void aFlippedByteFoundInTheBackgroundTurnsHealthDegradedAndReadsAre503() throws Exception {
    try (RecallEngine engine = TestEngines.open(workspace)) {
      for (int i = 0; i < 3; i++) {
        engine.save(
            MemoryRecord.builder()
                .id("r" + i)
                .silo(Silo.KB)
                .content("Harbour tide table number " + i)
                .build(Instant.now()));
      }
      HttpClient http = HttpClient.newHttpClient();
      try (HttpServer server =
          HttpServer.start(engine, ServerSettings.defaults(), "127.0.0.1", 0)) {
        String base = "http://127.0.0.1:" + server.port();
        HttpResponse<String> ok = get(http, base + "/health");
        assertEquals(200, ok.statusCode());
        assertEquals("ok", JSON.readTree(ok.body()).get("status").asText());

        String file = flipByteOfACompoundFile(engine.config().indexDir());
        try (IntegrityWatch watch = IntegrityWatch.start(engine, Duration.ZERO)) {
          HttpResponse<String> health = get(http, base + "/health");
          for (int tries = 0; health.statusCode() == 200 && tries < 100; tries++) {
            Thread.sleep(100);
            health = get(http, base + "/health");
          }
          assertEquals(503, health.statusCode(), health.body());
          JsonNode body = JSON.readTree(health.body());
          assertEquals("degraded", body.get("status").asText());
          assertTrue(
              body.get("reason").asText().startsWith("index damaged: " + file),
              body.get("reason").asText());
        }
        HttpResponse<String> search =
            http.send(
                HttpRequest.newBuilder(URI.create(base + "/v1/search"))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"query\":\"harbour\"}"))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(503, search.statusCode(), search.body());
        String error = JSON.readTree(search.body()).get("error").asText();
        assertTrue(
            error.startsWith("index damaged: ")
                && error.endsWith(
                    "run `recall4j verify --index " + engine.config().indexDir() + "`"),
            error);
      }
    }
  }

  private static HttpResponse<String> get(HttpClient http, String url) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(url)).GET().build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /** Flips a byte in the middle of the index's first compound file; returns its name. */
  private static String flipByteOfACompoundFile(Path index) throws Exception {
    try (Stream<Path> files = Files.list(index)) {
      List<Path> compound = files.filter(f -> f.toString().endsWith(".cfs")).sorted().toList();
      Path file = compound.get(0);
      byte[] bytes = Files.readAllBytes(file);
      bytes[bytes.length / 2] ^= 0x01;
      Files.write(file, bytes);
      return file.getFileName().toString();
    }
  }
}
