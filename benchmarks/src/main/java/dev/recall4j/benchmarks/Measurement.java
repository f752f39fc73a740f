package dev.recall4j.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One JMH result reduced to what the summary and the history compare, in milliseconds.
 *
 * @param key {@code Class.method[param=value,...]} with parameters sorted by name: stable across
 *     runs
 * @param benchmark {@code Class.method}
 * @param params the JMH parameters
 * @param medianMs the median (JMH's 50th percentile) per operation
 * @param p99Ms the 99th percentile per operation
 * @param noise the measured noise: the relative spread {@code (max - min) / median} of the
 *     per-iteration medians, at least 0; a change smaller than this is indistinguishable from a
 *     rerun
 */
record Measurement(
    String key,
    String benchmark,
    Map<String, String> params,
    double medianMs,
    double p99Ms,
    double noise) {

  /** Parses JMH's JSON result array (as written by {@code -rf json}). */
  static List<Measurement> parse(JsonNode results) {
    List<Measurement> out = new ArrayList<>();
    for (JsonNode r : results) {
      String full = r.path("benchmark").asText();
      String[] parts = full.split("\\.");
      String benchmark = parts[parts.length - 2] + "." + parts[parts.length - 1];
      Map<String, String> params = new TreeMap<>();
      r.path("params").properties().forEach(e -> params.put(e.getKey(), e.getValue().asText()));
      JsonNode metric = r.path("primaryMetric");
      double toMs = millisPer(metric.path("scoreUnit").asText());
      JsonNode percentiles = metric.path("scorePercentiles");
      double median = percentiles.path("50.0").asDouble(metric.path("score").asDouble()) * toMs;
      double p99 = percentiles.path("99.0").asDouble(median / toMs) * toMs;
      out.add(
          new Measurement(key(benchmark, params), benchmark, params, median, p99, noise(metric)));
    }
    return out;
  }

  static String key(String benchmark, Map<String, String> params) {
    if (params.isEmpty()) {
      return benchmark;
    }
    StringBuilder b = new StringBuilder(benchmark).append('[');
    new TreeMap<>(params).forEach((k, v) -> b.append(k).append('=').append(v).append(','));
    b.setLength(b.length() - 1);
    return b.append(']').toString();
  }

  /** Milliseconds per unit of a JMH time unit such as {@code us/op}. */
  static double millisPer(String unit) {
    return switch (unit.split("/")[0]) {
      case "ns" -> 1e-6;
      case "us" -> 1e-3;
      case "ms" -> 1;
      case "s" -> 1e3;
      case "min" -> 6e4;
      default -> throw new IllegalArgumentException("unit: not a JMH time unit: " + unit);
    };
  }

  /**
   * Relative spread of the per-iteration medians: from {@code rawDataHistogram} (sample mode:
   * forks, iterations, [value, count] pairs) or {@code rawData} (other modes: forks, iterations).
   */
  static double noise(JsonNode metric) {
    List<Double> perIteration = new ArrayList<>();
    JsonNode histogram = metric.path("rawDataHistogram");
    if (histogram.isArray() && !histogram.isEmpty()) {
      for (JsonNode fork : histogram) {
        for (JsonNode iteration : fork) {
          perIteration.add(histogramMedian(iteration));
        }
      }
    } else {
      for (JsonNode fork : metric.path("rawData")) {
        for (JsonNode value : fork) {
          perIteration.add(value.asDouble());
        }
      }
    }
    if (perIteration.size() < 2) {
      return 0;
    }
    double[] values = perIteration.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    double median = median(values);
    return median <= 0 ? 0 : (values[values.length - 1] - values[0]) / median;
  }

  private static double histogramMedian(JsonNode pairs) {
    List<double[]> buckets = new ArrayList<>();
    long total = 0;
    for (JsonNode pair : pairs) {
      buckets.add(new double[] {pair.get(0).asDouble(), pair.get(1).asLong()});
      total += pair.get(1).asLong();
    }
    buckets.sort((a, b) -> Double.compare(a[0], b[0]));
    long seen = 0;
    for (double[] bucket : buckets) {
      seen += (long) bucket[1];
      if (seen * 2 >= total) {
        return bucket[0];
      }
    }
    return Double.NaN;
  }

  private static double median(double[] sorted) {
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  @Override
  public String toString() {
    return key + " median " + medianMs + " ms, p99 " + p99Ms + " ms, noise " + noise;
  }
}
