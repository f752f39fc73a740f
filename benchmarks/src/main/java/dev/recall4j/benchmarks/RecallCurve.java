package dev.recall4j.benchmarks;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.store.Hit;
import dev.recall4j.core.store.VectorEncoding;
import dev.recall4j.store.LuceneStore;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.PriorityQueue;
import java.util.Set;
import org.apache.lucene.util.VectorUtil;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * HNSW recall@10 against exact search (issue 7 item 4): for each index setting and candidate count,
 * the mean over the benchmark questions of |HNSW top 10 ∩ exact top 10| / 10, where exact is a
 * brute-force dot product over every record's unit vector (cosine). The mean latency beside each
 * point is a plain loop (two warm passes, one timed pass over the questions), not JMH: it shows the
 * shape of the trade-off; {@link VectorSearchBenchmark} gives the latency of the defaults.
 */
final class RecallCurve {
  private static final Logger LOG = LoggerFactory.getLogger(RecallCurve.class);
  static final int K = 10;

  /** One index build setting. */
  record Setting(VectorEncoding encoding, int m, int beamWidth) {}

  /**
   * One point of the curve.
   *
   * @param meanMillis mean search latency of the timed pass, in milliseconds
   */
  record Point(
      int size,
      String encoding,
      int m,
      int beamWidth,
      int candidates,
      double recallAt10,
      double meanMillis) {}

  private RecallCurve() {}

  static List<Point> measure(
      BenchCorpus corpus, List<BenchQuery> queries, List<Setting> settings, int[] candidates)
      throws IOException {
    List<Set<String>> exact = exactTopK(corpus.records(), queries, K);
    List<Point> points = new ArrayList<>();
    for (Setting s : settings) {
      var index = Fixtures.luceneIndex(corpus.size(), s.encoding(), s.m(), s.beamWidth());
      for (int c : candidates) {
        try (LuceneStore store =
            LuceneStore.openReadOnly(
                Fixtures.storeOptions(index, s.encoding(), s.m(), s.beamWidth(), c))) {
          // Two warm passes: the first point of the curve would otherwise pay for JIT compilation.
          search(store, queries);
          search(store, queries);
          long start = System.nanoTime();
          List<List<Hit>> results = search(store, queries);
          double meanMillis = (System.nanoTime() - start) / 1e6 / queries.size();
          double recall = recall(results, exact);
          String encoding = s.encoding().name().toLowerCase(Locale.ROOT);
          points.add(
              new Point(corpus.size(), encoding, s.m(), s.beamWidth(), c, recall, meanMillis));
          LOG.info(
              "recall@10 size {} {} M {} beam {} candidates {}: {} ({} ms)",
              corpus.size(),
              encoding,
              s.m(),
              s.beamWidth(),
              c,
              String.format(Locale.ROOT, "%.3f", recall),
              String.format(Locale.ROOT, "%.3f", meanMillis));
        }
      }
    }
    return points;
  }

  private static List<List<Hit>> search(LuceneStore store, List<BenchQuery> queries)
      throws IOException {
    List<List<Hit>> out = new ArrayList<>(queries.size());
    for (BenchQuery q : queries) {
      out.add(store.searchVector(q.vector(), Fixtures.RECALLABLE, K));
    }
    return out;
  }

  static double recall(List<List<Hit>> results, List<Set<String>> exact) {
    double sum = 0;
    for (int i = 0; i < results.size(); i++) {
      Set<String> truth = exact.get(i);
      sum +=
          results.get(i).stream().filter(h -> truth.contains(h.record().id())).count()
              / (double) truth.size();
    }
    return sum / results.size();
  }

  /** The ids of the k records of highest cosine to each query; ties broken by id ascending. */
  static List<Set<String>> exactTopK(List<MemoryRecord> records, List<BenchQuery> queries, int k) {
    List<float[]> units = new ArrayList<>(records.size());
    for (MemoryRecord r : records) {
      units.add(unit(r.vector()));
    }
    List<Set<String>> out = new ArrayList<>(queries.size());
    for (BenchQuery q : queries) {
      float[] query = unit(q.vector());
      // Worst of the best k on top: lowest score, then the larger id.
      PriorityQueue<Scored> best =
          new PriorityQueue<>(
              (a, b) ->
                  a.score != b.score ? Float.compare(a.score, b.score) : b.id.compareTo(a.id));
      for (int i = 0; i < units.size(); i++) {
        best.add(new Scored(records.get(i).id(), VectorUtil.dotProduct(query, units.get(i))));
        if (best.size() > k) {
          best.poll();
        }
      }
      Set<String> ids = new HashSet<>();
      best.forEach(s -> ids.add(s.id));
      out.add(ids);
    }
    return out;
  }

  private record Scored(String id, float score) {}

  private static float[] unit(float[] v) {
    double norm = Math.sqrt(VectorUtil.dotProduct(v, v));
    float[] out = new float[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = (float) (v[i] / norm);
    }
    return out;
  }
}
