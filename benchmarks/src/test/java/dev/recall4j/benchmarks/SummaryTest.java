package dev.recall4j.benchmarks;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SummaryTest {
  private static final MachineInfo MACHINE =
      new MachineInfo(
          "Linux 6",
          "amd64",
          "Test CPU",
          2,
          4L << 30,
          "Vendor",
          "25",
          "10.6.0",
          "PanamaVectorizationProvider",
          true);

  private static Measurement m(String benchmark, Map<String, String> params, double median) {
    return new Measurement(
        Measurement.key(benchmark, params), benchmark, params, median, median * 3, 0.01);
  }

  private static Report report(double recallAtDefaults) {
    List<Measurement> ms =
        List.of(
            m("LexicalSearchBenchmark.recall4j", Map.of("size", "1000"), 0.5),
            m("LexicalSearchBenchmark.sqliteFts5", Map.of("size", "1000"), 20),
            m("VectorSearchBenchmark.recall4j", Map.of("size", "1000", "encoding", "int8"), 0.25),
            m("StatusQuoBenchmark.cosineScan", Map.of("size", "1000"), 10),
            m(
                "HybridRecallBenchmark.recall",
                Map.of("size", "1000", "query", "precomputed", "layout", "built"),
                1.0),
            m("IngestBenchmark.recall4j", Map.of("size", "1000"), 500),
            m("IngestBenchmark.sqlite", Map.of("size", "1000"), 250));
    List<RecallCurve.Point> curve =
        List.of(
            new RecallCurve.Point(1000, "int8", 16, 100, 100, recallAtDefaults, 0.3),
            new RecallCurve.Point(1000, "int8", 16, 100, 200, 0.99, 0.5));
    return new Report(
        "quick",
        "abc",
        "2025-01-01",
        MACHINE,
        Map.of("queries", 200),
        Map.of("total", 60.0),
        curve,
        List.of(new HybridRecall.Point(1000, 0.98, HybridRecall.REFERENCE_CANDIDATES)),
        List.of(),
        List.of(),
        ms);
  }

  @Test
  void reportsRatiosToTheStatusQuoAndRecallBesideLatency() {
    String md = Summary.render(report(0.97));
    assertTrue(
        md.contains("| lexical top 10 (BM25) | 1,000 | 0.500 | 1.50 | 20.00 | 60.00 | 40× |"), md);
    assertTrue(
        md.contains(
            "| vector top 10, int8 (default) | 1,000 | 0.250 | 0.750 | 10.00 | 30.00 | 40× | 0.970 |"),
        md);
    assertTrue(md.contains("| 1,000 | 2,000 | 4,000 | 0.50× |"), md);
    assertTrue(
        md.contains("| hybrid recall, vector precomputed | 1,000 | 1.00 | 3.00 |  |  |  | 0.980 |"),
        md);
    assertTrue(
        md.contains(
            "| lexical top 10 (BM25) | 1,000 | 0.500 | 1.50 | 20.00 | 60.00 | 40× | exact |"),
        md);
    assertTrue(md.contains("reach recall@10 ≥ 0.95 at every size"), md);
  }

  @Test
  void listsComponentsOnlyWhenAProfileMeasuredThem() {
    Report none = report(0.97);
    assertFalse(Summary.render(none).contains("## Components"));
    List<Measurement> ms = new ArrayList<>(none.measurements());
    ms.add(m("PackingBenchmark.pack", Map.of("cache", "warm"), 0.7));
    Report some =
        new Report(
            none.profile(),
            none.commit(),
            none.date(),
            none.machine(),
            none.corpus(),
            none.phaseSeconds(),
            none.curve(),
            none.hybridRecall(),
            none.memory(),
            none.disk(),
            ms);
    String md = Summary.render(some);
    assertTrue(md.contains("## Components (ms per operation)"), md);
    assertTrue(
        md.contains("| pack 200 candidates into 2,048 tokens (cl100k), token cache warm | 0.700 |"),
        md);
  }

  @Test
  void namesTheSettingThatReachesTheTargetWhenDefaultsMiss() {
    String md = Summary.render(report(0.90));
    assertTrue(md.contains("miss recall@10 ≥ 0.95"), md);
    assertTrue(
        md.contains(
            "1,000 records: the setting at ≥ 0.95 with the lowest loop latency is int8 M 16, 200 candidates"),
        md);
  }

  @Test
  void chartIsSelfContainedSvg() {
    String html = Chart.render(report(0.97));
    assertTrue(html.contains("<svg"), html);
    assertTrue(html.contains("recall4j lexical (BM25)"), html);
    assertTrue(html.contains("stroke-dasharray"), html);
    assertTrue(html.contains("Median latency") && html.contains("99th-percentile latency"), html);
    assertTrue(
        !html.contains("<script")
            && !html.replace("http://www.w3.org/2000/svg", "").contains("http"),
        html);
  }

  @Test
  void saysWhatTheSlowestRecallsCoincidedWith() {
    Map<String, Object> p =
        Map.of("p50", 3.0, "p90", 8.0, "p99", 40.0, "p99.9", 120.0, "max", 150.0);
    Map<String, Object> tail =
        Map.of(
            "samples",
            3000,
            "all",
            p,
            "cpu",
            p,
            "perQuestionMedian",
            p,
            "tail",
            Map.of(
                "threshold",
                40.0,
                "samples",
                31,
                "offCpu",
                31,
                "duringGcPause",
                3,
                "duringCommit",
                20,
                "ofTheSlowest10Questions",
                1,
                "allSamplesOffCpu",
                700,
                "allSamplesDuringGcPause",
                30,
                "allSamplesDuringCommit",
                225));
    String md = Summary.latencyTail(100_000, "compacted", tail);
    assertTrue(md.contains("| wall clock, every sample | 3.00 | 8.00 | 40.00 | 120 | 150 |"), md);
    assertTrue(
        md.contains("Of the 31 samples at or above the p99 (40.00 ms): 31 waited for a core"), md);
  }

  @Test
  void listsResidentIndexPagesByFileTypeAgainstTheirSize() {
    assertTrue(
        Summary.residentByType(
                Map.of("dvd", 72e6, "veq", 40e6, "tim", 1e5), Map.of("dvd", 236e6, "veq", 40e6))
            .equals("dvd 72 of 236 MB, veq 40 of 40 MB"));
  }
}
