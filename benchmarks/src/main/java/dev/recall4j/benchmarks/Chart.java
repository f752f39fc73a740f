package dev.recall4j.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * {@code chart.html}: median and 99th-percentile latency against corpus size (two charts), both
 * axes logarithmic, one line per operation; recall4j solid, the status quo dashed. Self-contained:
 * inline SVG, no script, no network.
 */
final class Chart {
  private static final int W = 760;
  private static final int H = 460;
  private static final int LEFT = 70;
  private static final int RIGHT = 250;
  private static final int TOP = 40;
  private static final int BOTTOM = 50;

  /** One line of the chart. */
  private record Series(
      String label, String benchmark, Map<String, String> params, String color, boolean dashed) {}

  private static final List<Series> SERIES =
      List.of(
          new Series(
              "recall4j lexical (BM25)",
              "LexicalSearchBenchmark.recall4j",
              Map.of(),
              "#1f77b4",
              false),
          new Series("SQLite FTS5", "LexicalSearchBenchmark.sqliteFts5", Map.of(), "#1f77b4", true),
          new Series(
              "recall4j vector (HNSW int8)",
              "VectorSearchBenchmark.recall4j",
              Map.of("encoding", "int8"),
              "#2ca02c",
              false),
          new Series(
              "SQLite BLOB cosine scan",
              "StatusQuoBenchmark.cosineScan",
              Map.of(),
              "#2ca02c",
              true),
          new Series(
              "recall4j hybrid recall",
              "HybridRecallBenchmark.recall",
              Map.of("query", "precomputed", "layout", "built"),
              "#d62728",
              false),
          new Series(
              "SQLite hybrid (FTS5 + scan + fusion)",
              "StatusQuoBenchmark.hybrid",
              Map.of(),
              "#d62728",
              true));

  private Chart() {}

  static String render(Report r) {
    return page(
        r,
        svg(r, "Median latency", Measurement::medianMs)
            + "\n"
            + svg(r, "99th-percentile latency", Measurement::p99Ms));
  }

  /** One chart of {@code metric} (ms) against corpus size. */
  private static String svg(Report r, String title, ToDoubleFunction<Measurement> metric) {
    List<Integer> sizes =
        r.curve().stream().map(RecallCurve.Point::size).distinct().sorted().toList();
    List<List<double[]>> lines = new ArrayList<>();
    double min = Double.MAX_VALUE;
    double max = 0;
    for (Series s : SERIES) {
      List<double[]> points = new ArrayList<>();
      for (int size : sizes) {
        Map<String, String> params = new java.util.TreeMap<>(s.params());
        params.put("size", String.valueOf(size));
        Optional<Measurement> m = r.find(s.benchmark(), params);
        double ms = m.map(metric::applyAsDouble).orElse(0.0);
        if (ms > 0) {
          points.add(new double[] {size, ms});
          min = Math.min(min, ms);
          max = Math.max(max, ms);
        }
      }
      lines.add(points);
    }
    StringBuilder svg = new StringBuilder();
    svg.append(
        String.format(
            Locale.ROOT,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">%n",
            W,
            H));
    svg.append(
        String.format(
            Locale.ROOT,
            "<text x=\"%d\" y=\"22\" font-size=\"15\">%s against corpus size (%s, %s)</text>%n",
            LEFT,
            title,
            escape(r.machine().arch()),
            escape(r.machine().cpuModel())));
    if (sizes.isEmpty() || max == 0) {
      return svg.append("<text x=\"70\" y=\"80\">no data</text></svg>").toString();
    }
    double lo = Math.floor(Math.log10(min));
    double hi = Math.ceil(Math.log10(max));
    if (hi == lo) {
      hi = lo + 1;
    }
    double xLo = Math.log10(sizes.get(0));
    double xHi = Math.log10(sizes.get(sizes.size() - 1));
    if (xHi == xLo) {
      xHi = xLo + 1;
    }
    double plotW = W - LEFT - RIGHT;
    double plotH = H - TOP - BOTTOM;
    for (double e = lo; e <= hi; e++) {
      double y = TOP + plotH * (1 - (e - lo) / (hi - lo));
      svg.append(
          String.format(
              Locale.ROOT,
              "<line x1=\"%d\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                  + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s ms</text>%n",
              LEFT,
              y,
              LEFT + plotW,
              y,
              LEFT - 6,
              y + 4,
              Summary.ms(Math.pow(10, e))));
    }
    for (int size : sizes) {
      double x = LEFT + plotW * (Math.log10(size) - xLo) / (xHi - xLo);
      svg.append(
          String.format(
              Locale.ROOT,
              "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                  + "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%,d</text>%n",
              x,
              TOP,
              x,
              TOP + plotH,
              x,
              TOP + plotH + 18,
              size));
    }
    svg.append(
        String.format(
            Locale.ROOT,
            "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">records</text>%n",
            LEFT + plotW / 2,
            H - 10));
    for (int i = 0; i < SERIES.size(); i++) {
      Series s = SERIES.get(i);
      StringBuilder path = new StringBuilder();
      for (double[] p : lines.get(i)) {
        double x = LEFT + plotW * (Math.log10(p[0]) - xLo) / (xHi - xLo);
        double y = TOP + plotH * (1 - (Math.log10(p[1]) - lo) / (hi - lo));
        path.append(path.isEmpty() ? "M" : " L")
            .append(String.format(Locale.ROOT, "%.1f %.1f", x, y));
        svg.append(
            String.format(
                Locale.ROOT,
                "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"><title>%s, %,d records: %s ms</title></circle>%n",
                x,
                y,
                s.color(),
                escape(s.label()),
                (long) p[0],
                Summary.ms(p[1])));
      }
      if (!path.isEmpty()) {
        svg.append(
            String.format(
                Locale.ROOT,
                "<path d=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s/>%n",
                path,
                s.color(),
                s.dashed() ? " stroke-dasharray=\"6 4\"" : ""));
      }
      double ly = TOP + 10 + i * 22;
      svg.append(
          String.format(
              Locale.ROOT,
              "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\"%s/>"
                  + "<text x=\"%.1f\" y=\"%.1f\">%s</text>%n",
              LEFT + plotW + 15,
              ly,
              LEFT + plotW + 45,
              ly,
              s.color(),
              s.dashed() ? " stroke-dasharray=\"6 4\"" : "",
              LEFT + plotW + 52,
              ly + 4,
              escape(s.label())));
    }
    return svg.append("</svg>").toString();
  }

  private static String page(Report r, String svg) {
    return "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>recall4j benchmarks</title></head><body>\n"
        + svg
        + "\n<p style=\"font-family:sans-serif;font-size:12px\">"
        + escape(r.profile())
        + " profile, commit "
        + escape(r.commit())
        + ", "
        + escape(r.date())
        + ", machine "
        + escape(r.machine().key())
        + ". Solid: recall4j; dashed: the status quo (SQLite). Medians and 99th percentiles from JMH.</p>\n</body></html>\n";
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
