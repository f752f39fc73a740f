package dev.recall4j.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MeasurementTest {
  private static final String JMH =
      """
      [
        {"benchmark": "dev.recall4j.benchmarks.LexicalSearchBenchmark.recall4j", "mode": "sample",
         "params": {"size": "1000"},
         "primaryMetric": {"score": 420.0, "scoreUnit": "us/op",
           "scorePercentiles": {"50.0": 400.0, "99.0": 900.0},
           "rawDataHistogram": [[ [[400.0, 10], [410.0, 1]], [[500.0, 3], [380.0, 8]] ]]}},
        {"benchmark": "dev.recall4j.benchmarks.IngestBenchmark.sqlite", "mode": "ss",
         "params": {"size": "10000", "a": "x"},
         "primaryMetric": {"score": 2.0, "scoreUnit": "s/op",
           "scorePercentiles": {"50.0": 2.0, "99.0": 2.5},
           "rawData": [[1.8, 2.0, 2.5]]}},
        {"benchmark": "dev.recall4j.benchmarks.FusionBenchmark.rank", "mode": "sample",
         "primaryMetric": {"score": 50.0, "scoreUnit": "ns/op", "scorePercentiles": {"50.0": 50.0, "99.0": 70.0}}}
      ]""";

  @Test
  void reducesJmhResultsToMillisecondMedians() throws Exception {
    List<Measurement> m = Measurement.parse(new ObjectMapper().readTree(JMH));
    assertEquals("LexicalSearchBenchmark.recall4j[size=1000]", m.get(0).key());
    assertEquals(0.4, m.get(0).medianMs(), 1e-12);
    assertEquals(0.9, m.get(0).p99Ms(), 1e-12);
    // Per-iteration medians 400 and 380: spread 20 over their median 390.
    assertEquals(20.0 / 390, m.get(0).noise(), 1e-12);

    assertEquals("IngestBenchmark.sqlite[a=x,size=10000]", m.get(1).key());
    assertEquals(Map.of("a", "x", "size", "10000"), m.get(1).params());
    assertEquals(2000, m.get(1).medianMs(), 1e-9);
    assertEquals((2.5 - 1.8) / 2.0, m.get(1).noise(), 1e-12);

    assertEquals("FusionBenchmark.rank", m.get(2).key());
    assertEquals(5e-5, m.get(2).medianMs(), 1e-15);
    assertEquals(0, m.get(2).noise(), "no raw data: no noise estimate");
  }

  @Test
  void rejectsUnknownUnits() {
    assertThrows(IllegalArgumentException.class, () -> Measurement.millisPer("ops/s"));
  }
}
