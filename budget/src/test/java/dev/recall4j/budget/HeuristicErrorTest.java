package dev.recall4j.budget;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.recall4j.core.TokenCounter;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Measures the heuristic counter against cl100k and o200k on real text and checks the derived
 * safety margin: {@code ceil(heuristic × (1 + margin))} may under-count at most 1% of the items.
 * Writes the table to {@code target/TOKENS-table.md} (copied into {@code docs/DEFAULTS.md ("Token
 * counting")}).
 *
 * <p>Run: {@code mvn -q -B -ntp -pl budget test -Dtest=HeuristicErrorTest}. Skipped when {@code
 * /work/shared/datasets} (or the JDK's {@code lib/src.zip}, for code) is absent.
 */
class HeuristicErrorTest {
  private static final Logger LOG = LoggerFactory.getLogger(HeuristicErrorTest.class);
  private static final Path DATASETS =
      Path.of(System.getProperty("recall4j.datasets", "/work/shared/datasets"));
  private static final Path JDK_SOURCES =
      Path.of(System.getProperty("java.home"), "lib", "src.zip");

  @Test
  void heuristicWithMarginUnderCountsAtMostOnePercentOfItems() throws IOException {
    assumeTrue(
        Files.isDirectory(DATASETS), "datasets absent at " + DATASETS + ": measurement skipped");
    Map<String, List<String>> sets = new LinkedHashMap<>();
    sets.put("scifact (prose)", jsonlTexts(DATASETS.resolve("scifact/corpus.jsonl.gz"), 1000));
    sets.put("cranfield (prose)", jsonlTexts(DATASETS.resolve("cranfield/corpus.jsonl"), 1400));
    sets.put("lisa (prose, upper case)", jsonlTexts(DATASETS.resolve("lisa/corpus.jsonl"), 1000));
    sets.put("locomo turns (prose)", jsonlTexts(DATASETS.resolve("locomo/corpus.jsonl"), 2000));
    if (Files.isRegularFile(JDK_SOURCES)) {
      sets.put("java.base sources (code)", javaChunks(1500));
    } else {
      LOG.warn("no JDK src.zip at {}: code not measured", JDK_SOURCES);
    }
    TokenCounter heuristic = TokenCounters.heuristic();
    double margin = TokenCounters.HEURISTIC_SAFETY_MARGIN;
    StringBuilder table =
        new StringBuilder(
            "| text | items | vs | mean rel. error | p95 abs. rel. error | chars/4 mean rel. error | p99 exact/heuristic | under-counted with margin |\n"
                + "|---|---:|---|---:|---:|---:|---:|---:|\n");
    List<Double> allRatios = new ArrayList<>();
    for (TokenCounter exact : List.of(TokenCounters.cl100k(), TokenCounters.o200k())) {
      int items = 0;
      int under = 0;
      for (Map.Entry<String, List<String>> set : sets.entrySet()) {
        List<Double> errors = new ArrayList<>();
        List<Double> ratios = new ArrayList<>();
        double charsErr = 0;
        int setUnder = 0;
        for (String text : set.getValue()) {
          int truth = exact.count(text);
          int estimate = heuristic.count(text);
          errors.add((estimate - truth) / (double) truth);
          ratios.add(truth / (double) estimate);
          charsErr += (text.length() / 4.0 - truth) / truth;
          if ((int) Math.ceil(estimate * (1 + margin)) < truth) {
            setUnder++;
          }
        }
        items += errors.size();
        under += setUnder;
        allRatios.addAll(ratios);
        table.append(
            String.format(
                Locale.ROOT,
                "| %s | %d | %s | %+.1f%% | %.1f%% | %+.1f%% | %.3f | %.2f%% |%n",
                set.getKey(),
                errors.size(),
                exact.name(),
                100 * mean(errors),
                100 * percentile(abs(errors), 0.95),
                100 * charsErr / errors.size(),
                percentile(ratios, 0.99),
                100.0 * setUnder / errors.size()));
      }
      double share = under / (double) items;
      table.append(
          String.format(
              Locale.ROOT,
              "| **all** | %d | %s | | | | | **%.2f%%** |%n",
              items,
              exact.name(),
              100 * share));
      assertTrue(
          share <= 0.011,
          String.format(
              Locale.ROOT,
              "margin %.2f under-counts %.2f%% of items vs %s",
              margin,
              100 * share,
              exact.name()));
    }
    table.append(
        String.format(
            Locale.ROOT,
            "%nmargin = %.2f; p99 of exact/heuristic over all items and both encodings = %.3f, p99.5 = %.3f%n",
            margin,
            percentile(allRatios, 0.99),
            percentile(allRatios, 0.995)));
    LOG.info("heuristic vs jtokkit:\n{}", table);
    Path out = Path.of("target", "TOKENS-table.md");
    Files.createDirectories(out.getParent());
    Files.writeString(out, table);
  }

  private static double mean(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).average().orElse(0);
  }

  private static List<Double> abs(List<Double> values) {
    return values.stream().map(Math::abs).toList();
  }

  private static double percentile(List<Double> values, double p) {
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    return sorted[Math.min(sorted.length - 1, (int) Math.floor(p * sorted.length))];
  }

  /** The "text" field of the first {@code max} lines of a BEIR-style corpus file. */
  static List<String> jsonlTexts(Path file, int max) throws IOException {
    List<String> out = new ArrayList<>();
    try (InputStream raw = Files.newInputStream(file);
        InputStream in = file.toString().endsWith(".gz") ? new GZIPInputStream(raw) : raw;
        BufferedReader reader =
            new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      for (String line = reader.readLine();
          line != null && out.size() < max;
          line = reader.readLine()) {
        String text = stringField(line, "text");
        if (text != null && !text.isBlank()) {
          out.add(text);
        }
      }
    }
    return out;
  }

  /**
   * The value of a top-level string field of a one-line JSON object, unescaped; null when absent.
   */
  static String stringField(String json, String key) {
    int at = json.indexOf('"' + key + '"');
    if (at < 0) {
      return null;
    }
    int i = json.indexOf('"', json.indexOf(':', at + key.length() + 2) + 1) + 1;
    StringBuilder out = new StringBuilder();
    while (i < json.length()) {
      char c = json.charAt(i++);
      if (c == '"') {
        return out.toString();
      }
      if (c != '\\') {
        out.append(c);
        continue;
      }
      char e = json.charAt(i++);
      switch (e) {
        case 'n' -> out.append('\n');
        case 't' -> out.append('\t');
        case 'r' -> out.append('\r');
        case 'b' -> out.append('\b');
        case 'f' -> out.append('\f');
        case 'u' -> {
          out.append((char) Integer.parseInt(json.substring(i, i + 4), 16));
          i += 4;
        }
        default -> out.append(e); // \" \\ \/
      }
    }
    throw new IllegalArgumentException("json: unterminated string for key " + key);
  }

  /** Chunks of about 1,500 characters, cut at line ends, from every 7th java.base source file. */
  private static List<String> javaChunks(int max) throws IOException {
    List<String> out = new ArrayList<>();
    try (ZipFile zip = new ZipFile(JDK_SOURCES.toFile())) {
      List<ZipEntry> entries = new ArrayList<>(Collections.list(zip.entries()));
      entries.sort(Comparator.comparing(ZipEntry::getName));
      int seen = 0;
      for (ZipEntry entry : entries) {
        if (!entry.getName().startsWith("java.base/")
            || !entry.getName().endsWith(".java")
            || seen++ % 7 != 0) {
          continue;
        }
        String source =
            new String(zip.getInputStream(entry).readAllBytes(), StandardCharsets.UTF_8);
        StringBuilder chunk = new StringBuilder();
        for (String line : Arrays.asList(source.split("\n"))) {
          chunk.append(line).append('\n');
          if (chunk.length() > 1500) {
            out.add(chunk.toString());
            chunk.setLength(0);
          }
        }
        if (out.size() >= max) {
          return out.subList(0, max);
        }
      }
    }
    return out;
  }
}
