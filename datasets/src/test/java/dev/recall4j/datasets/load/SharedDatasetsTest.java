package dev.recall4j.datasets.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.recall4j.datasets.baseline.SqliteBaseline;
import dev.recall4j.datasets.metrics.Evaluation;
import dev.recall4j.datasets.metrics.Metric;
import dev.recall4j.datasets.metrics.Metrics;
import dev.recall4j.datasets.trec.Run;
import dev.recall4j.datasets.trec.ScoredId;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads every shared dataset and checks it against {@code MANIFEST.md}; measures the SQLite FTS5
 * baseline on SciFact. Skipped when the shared datasets are absent. The data root is the system
 * property {@code recall4j.datasets}, else the first {@code shared/datasets} found in the working
 * directory or one of its parents. Excluded from the default build (about 40 s on 2 cores); run
 * with {@code mvn -q -B -ntp -pl datasets test -Dgroups=dataset -Drecall4j.excludedTags=}.
 */
@Tag("dataset")
class SharedDatasetsTest {
  private static final Logger LOG = LoggerFactory.getLogger(SharedDatasetsTest.class);

  @TempDir Path tmp;

  static Path root() {
    String property = System.getProperty("recall4j.datasets");
    if (property != null) {
      return Path.of(property);
    }
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("shared/datasets");
      if (Files.isDirectory(candidate)) {
        return candidate;
      }
    }
    return null;
  }

  private static Path dataset(String name) {
    Path root = root();
    assumeTrue(
        root != null && Files.isDirectory(root.resolve(name)),
        "shared dataset " + name + " absent (set -Drecall4j.datasets=DIR); skipping");
    return root.resolve(name);
  }

  // Counts from MANIFEST.md (mixed: turns + observations); checksums from `cat corpus queries qrels
  // | sha256sum`, for mixed `cat corpus.jsonl corpus_observations.jsonl queries.jsonl
  // qrels/test.tsv
  // qrels/test_observations.tsv | sha256sum`.
  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      nullValues = "-",
      textBlock =
          """
          locomo    | turns        | 5882 | 1982 | 2820 | 10 | 2a708b30ea6d4a64a43c9d700aa3c1ad41a7877debc968a80e2e3effec7ad707
          locomo    | sessions     |  272 | 1982 | 2558 | 10 | f558d92645a16e7685bfd94b3aadc281375c9755153cead000c5e64378d09ce8
          locomo    | observations | 2541 | 1676 | 2510 | 10 | ae74f98064aa88387a8093c9aa786fb17745e44e02a7222a38d1ae0bd32eafe4
          locomo    | mixed        | 8423 | 1982 | 5330 | 10 | 4fbcedf0ad90384fc68febf408fc07333ff42c8a93f784ee16b996158317e59f
          scifact   | -            | 5183 |  300 |  339 |  1 | 2b5b3a5f3f7d88f1be8763ad1e7ccc37aa21733b2704850bed234b6a20c58614
          cranfield | -            | 1400 |  225 | 1612 |  1 | 21d803c3bdc26f93e1460a35f2e4ba0781b6ddcb0a3262ff942445fd4f2ad740
          cacm      | -            | 3204 |   52 |  796 |  1 | d26df3aeef22dc9647ba7434c671bbb4bf83d41a38d7257dd105d84321517bde
          lisa      | -            | 5999 |   35 |  379 |  1 | dbadcdb271b5fd217b729de4b4c3a703d0c3d48ce9549eecb4733df51f29b78b
          """)
  void countsMatchTheManifest(
      String name,
      String level,
      int documents,
      int queries,
      int judgments,
      int namespaces,
      String checksum)
      throws IOException {
    Dataset dataset =
        Datasets.load(dataset(name), "test", level == null ? null : Level.parse("level", level));

    assertEquals(documents, dataset.corpus().size());
    assertEquals(queries, dataset.queries().size());
    assertEquals(judgments, dataset.qrels().size());
    assertEquals(List.of(), dataset.warnings(), "the shared data is clean");
    assertEquals(checksum, dataset.checksum());
    assertEquals(
        namespaces,
        dataset.corpus().documents().stream().map(Document::namespace).distinct().count());
    // Every judged document lives in its query's namespace, so per-namespace search can find it.
    Map<String, String> namespaceOf = new HashMap<>();
    dataset.queries().forEach(q -> namespaceOf.put(q.id(), q.namespace()));
    for (String qid : dataset.qrels().queryIds()) {
      for (String docid : dataset.qrels().judgments(qid).keySet()) {
        assertEquals(
            namespaceOf.get(qid),
            dataset.corpus().get(docid).orElseThrow().namespace(),
            qid + " -> " + docid);
      }
    }
    if (name.equals("locomo")) {
      dataset.corpus().documents().forEach(d -> assertNotNull(d.timestamp(), d.id()));
    }
  }

  @Test
  void locomoMixedIsTheUnionOfTurnsAndObservations() throws IOException {
    Path locomo = dataset("locomo");
    Dataset mixed = Datasets.load(locomo, "test", Level.MIXED);
    Map<String, Map<String, Integer>> expected = new HashMap<>();
    for (Level level : Level.MIXED.parts()) {
      Dataset single = Datasets.load(locomo, "test", level);
      for (Document d : single.corpus().documents()) {
        assertEquals(level, mixed.corpus().get(d.id()).orElseThrow().level(), d.id());
      }
      for (String qid : single.qrels().queryIds()) {
        expected.computeIfAbsent(qid, q -> new HashMap<>()).putAll(single.qrels().judgments(qid));
      }
    }
    assertEquals(expected.keySet(), mixed.qrels().queryIds());
    for (String qid : expected.keySet()) {
      assertEquals(expected.get(qid), mixed.qrels().judgments(qid), qid);
    }
  }

  @Test
  void scifactTrainSplitLoadsToo() throws IOException {
    Dataset train = Datasets.load(dataset("scifact"), "train", null);
    assertEquals(809, train.queries().size());
    assertEquals(919, train.qrels().size());
  }

  /**
   * The status quo's lexical quality: FTS5 bm25() over title + text (porter, no stop words, k1 1.2,
   * b 0.75, words OR-ed), depth 1,000, every query in its own namespace. Lucene BM25 with
   * EnglishAnalyzer reaches, for comparison, SciFact 0.6787 (k1 0.9, b 0.4) and 0.6829 (1.2/0.75)
   * (REFERENCE.md). The figures are deterministic: a change beyond rounding is a regression.
   */
  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      nullValues = "-",
      textBlock =
          """
          locomo    | turns        | 0.43737
          locomo    | sessions     | 0.81713
          locomo    | observations | 0.57146
          scifact   | -            | 0.68240
          cranfield | -            | 0.36231
          cacm      | -            | 0.46121
          lisa      | -            | 0.45983
          """)
  void sqliteFts5Quality(String name, String level, double expectedNdcg)
      throws IOException, SQLException {
    Dataset dataset =
        Datasets.load(dataset(name), "test", level == null ? null : Level.parse("level", level));

    Evaluation evaluation = evaluateFts5(dataset, tmp.resolve("fts5.db"));

    LOG.info("SQLite FTS5 bm25 on {}: {}", dataset.label(), evaluation.mean());
    assertEquals(expectedNdcg, evaluation.mean(Metric.parse("ndcg@10")), 5e-5);
  }

  static Evaluation evaluateFts5(Dataset dataset, Path file) throws SQLException {
    long start = System.nanoTime();
    Map<String, List<ScoredId>> rankings = new HashMap<>();
    try (SqliteBaseline baseline = SqliteBaseline.open(file)) {
      baseline.add(dataset.corpus().documents(), null);
      long indexed = System.nanoTime();
      for (Query query : dataset.queries()) {
        rankings.put(query.id(), baseline.searchText(query.text(), query.namespace(), 1000));
      }
      LOG.info(
          "{}: FTS5 indexed {} docs in {} ms, ran {} queries in {} ms",
          dataset.label(),
          dataset.corpus().size(),
          (indexed - start) / 1_000_000,
          dataset.queries().size(),
          (System.nanoTime() - indexed) / 1_000_000);
    }
    return Metrics.evaluate(dataset.qrels(), Run.of("sqlite-fts5", rankings), Metric.DEFAULTS);
  }
}
