package dev.recall4j.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryTest {
  private static final MachineInfo MACHINE =
      new MachineInfo(
          "Linux 6",
          "aarch64",
          "Raspberry Pi 5",
          4,
          8L << 30,
          "Eclipse Adoptium",
          "21.0.5",
          "10.6.0",
          "PanamaVectorizationProvider",
          true);

  private static Measurement m(String key, double median, double noise) {
    return new Measurement(key, key, Map.of(), median, median * 2, noise);
  }

  @Test
  void flagsOnlyChangesBeyondTheMeasuredNoise() {
    Map<String, History.Stat> before =
        Map.of(
            "a", new History.Stat(1.0, 0.01),
            "b", new History.Stat(1.0, 0.10),
            "c", new History.Stat(1.0, 0.01),
            "gone", new History.Stat(1.0, 0.01));
    Map<String, History.Stat> after =
        Map.of(
            "a", new History.Stat(1.06, 0.01), // +6 % > max(5 %, 2 %): regression
            "b", new History.Stat(1.15, 0.02), // +15 % < 12 %? no: 15 % > 12 %: regression
            "c", new History.Stat(0.90, 0.01), // -10 %: improvement
            "new", new History.Stat(1.0, 0.0));
    List<History.Change> changes = History.compare(before, after);
    assertEquals(List.of("a", "b", "c"), changes.stream().map(History.Change::key).toList());
    assertTrue(changes.get(0).regression());
    assertEquals(0.05, changes.get(0).threshold(), 1e-12);
    assertTrue(changes.get(1).regression());
    assertEquals(0.12, changes.get(1).threshold(), 1e-12);
    assertTrue(changes.get(2).improvement());
    assertFalse(changes.get(2).regression());
  }

  @Test
  void aChangeInsideTheNoiseIsNotARegression() {
    List<History.Change> changes =
        History.compare(
            Map.of("x", new History.Stat(2.0, 0.08)), Map.of("x", new History.Stat(2.2, 0.04)));
    assertEquals(0.10, changes.get(0).change(), 1e-9);
    assertFalse(changes.get(0).regression(), "10 % is inside 8 % + 4 % of noise");
  }

  @Test
  void previousIsTheLastRunOfTheSameProfile(@TempDir Path dir) throws Exception {
    Path file = History.file(dir, MACHINE);
    assertEquals("aarch64-raspberry-pi-5-4c-8g.jsonl", file.getFileName().toString());
    assertTrue(History.previous(file, "quick").isEmpty());
    History.append(file, History.line("c1", "d1", "quick", MACHINE, List.of(m("k", 1.0, 0.1))));
    History.append(file, History.line("c2", "d2", "full", MACHINE, List.of(m("k", 9.0, 0.1))));
    History.append(file, History.line("c3", "d3", "quick", MACHINE, List.of(m("k", 2.0, 0.2))));
    JsonNode last = History.previous(file, "quick").orElseThrow();
    assertEquals("c3", last.path("commit").asText());
    assertEquals(Map.of("k", new History.Stat(2.0, 0.2)), History.medians(last));
    assertEquals("aarch64", last.path("machine").path("os.arch").asText());
    assertEquals("c2", History.previous(file, "full").orElseThrow().path("commit").asText());
  }

  @Test
  void renderMarksRegressions() throws Exception {
    JsonNode previous = History.line("abc", "2025-01-01", "quick", MACHINE, List.of());
    String text =
        History.render(List.of(new History.Change("k[size=1000]", 1.0, 1.5, 0.5, 0.05)), previous);
    assertTrue(text.contains("REGRESSION"), text);
    assertTrue(text.contains("commit abc"), text);
    assertTrue(text.contains("1 of 1 medians regressed"), text);
  }
}
