package dev.recall4j.benchmarks;

import java.util.List;
import java.util.Map;

/** Everything one run measured, for the summary and the chart. */
record Report(
    String profile,
    String commit,
    String date,
    MachineInfo machine,
    Map<String, Object> corpus,
    Map<String, Double> phaseSeconds,
    List<RecallCurve.Point> curve,
    List<HybridRecall.Point> hybridRecall,
    List<Map<String, Object>> memory,
    List<Map<String, Object>> disk,
    List<Measurement> measurements) {

  /** The median of a benchmark with these parameters, if it ran. */
  java.util.Optional<Measurement> find(String benchmark, Map<String, String> params) {
    String key = Measurement.key(benchmark, params);
    return measurements.stream().filter(m -> m.key().equals(key)).findFirst();
  }
}
