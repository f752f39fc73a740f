package dev.recall4j.datasets.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recall4j.budget.NaivePacker;
import dev.recall4j.budget.Renderers;
import dev.recall4j.budget.TokenCounters;
import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.PackedContext;
import dev.recall4j.core.RecalledItem;
import dev.recall4j.core.ScoreBreakdown;
import dev.recall4j.core.ScoredRecord;
import dev.recall4j.core.Silo;
import dev.recall4j.core.TokenCounter;
import dev.recall4j.datasets.load.Dataset;
import dev.recall4j.datasets.load.Datasets;
import dev.recall4j.datasets.load.Fixtures;
import dev.recall4j.datasets.load.Level;
import dev.recall4j.datasets.trec.Run;
import dev.recall4j.datasets.trec.TrecFormat;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.ranking.Ranker;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EvaluatorTest {
  private static final List<String> KEYS =
      List.of("ndcg@10", "recall@10", "recall@100", "mrr@10", "map");

  @TempDir Path tmp;

  private final HashingEmbedder embedder = new HashingEmbedder(64);

  private EvalOptions.Builder options(String modes) {
    return EvalOptions.builder(EvalMode.parseList(modes))
        .cacheDir(tmp.resolve("cache"))
        .embedders(model -> embedder);
  }

  @Test
  void writesTheJsonKeysAndOneRunFilePerMode() throws IOException {
    Dataset dataset = Datasets.load(Fixtures.dataset("beir-tiny"), "test", null);
    String modes =
        "bm25,bm25-code,dense,hybrid,hybrid+nodecay,sqlite-fts5,rrf:k=10,convex:alpha=0.3,dbsf";
    EvalReport report =
        Evaluator.run(
            dataset, options(modes).runDir(tmp.resolve("runs")).build(), EvalProgress.NONE);
    report.writeJson(tmp.resolve("out/r.json"));

    JsonNode json = new ObjectMapper().readTree(tmp.resolve("out/r.json").toFile());
    assertEquals("beir-tiny", json.get("dataset").asText());
    assertEquals("test", json.get("split").asText());
    assertTrue(json.get("level").isNull());
    assertEquals(2, json.get("queries").asInt());
    assertEquals(9, json.get("runs").size());
    for (JsonNode run : json.get("runs")) {
      assertEquals(KEYS, fieldNames(run.get("metrics")), run.toString());
      assertEquals(List.of("512", "1024", "2048"), fieldNames(run.get("budgeted")));
      assertEquals(List.of("512", "1024", "2048"), fieldNames(run.get("budgeted_naive")));
      assertTrue(
          run.get("latency_ms").get("p50").asDouble()
              <= run.get("latency_ms").get("p95").asDouble());
      String mode = run.get("mode").asText();
      Path file =
          tmp.resolve("runs")
              .resolve("beir-tiny-test." + EvalMode.parse(mode).fileName() + ".trec");
      Run written = TrecFormat.readRun(file);
      assertEquals(mode, written.tag());
      assertEquals(Set.of("q1", "q2"), written.queryIds());
    }
    // The vector path returns the whole tiny corpus, which fits 2,048 tokens: all relevant reach
    // the block.
    assertEquals(1.0, report.run("dense").budgeted().get(2048), 1e-9);
    assertEquals(1.0, report.run("dense").budgetedNaive().get(2048), 1e-9);
    assertTrue(report.table().contains("sqlite-fts5"));
  }

  @Test
  void linksLiftTheQueriesAnsweredInALinkedNote() throws IOException {
    Dataset dataset = Datasets.load(Path.of("fixtures/vault-links"), "links", null);
    EvalReport report =
        Evaluator.run(dataset, options("hybrid,hybrid+links").build(), EvalProgress.NONE);
    double without = report.runs().get(0).metrics().get("ndcg@10");
    double with = report.runs().get(1).metrics().get("ndcg@10");
    assertTrue(with > without, "hybrid " + without + ", hybrid+links " + with);
  }

  @Test
  void secondRunHitsTheCacheWithoutEmbeddingAgain() throws IOException {
    Dataset dataset = Datasets.load(Fixtures.dataset("beir-tiny"), "test", null);
    EvalReport first =
        Evaluator.run(dataset, options("bm25,dense,hybrid").build(), EvalProgress.NONE);
    int embedded = embedder.documentsEmbedded.get();
    assertEquals("built", first.indexCache());
    assertEquals(dataset.corpus().size(), embedded);

    EvalReport second =
        Evaluator.run(dataset, options("bm25,dense,hybrid").build(), EvalProgress.NONE);
    assertEquals("hit", second.indexCache());
    assertEquals(embedded, embedder.documentsEmbedded.get(), "no document embedded again");
    assertEquals(
        first.runs().stream().map(ModeResult::metrics).toList(),
        second.runs().stream().map(ModeResult::metrics).toList());
  }

  @Test
  void changedIndexSettingReusesCachedVectors() throws IOException {
    Dataset dataset = Datasets.load(Fixtures.dataset("beir-tiny"), "test", null);
    Evaluator.run(dataset, options("dense").build(), EvalProgress.NONE);
    int embedded = embedder.documentsEmbedded.get();
    // Dropping the index entry stands for a changed index setting: a new entry, the same vectors.
    EvalCache.recreate(tmp.resolve("cache/index"));
    EvalReport rebuilt = Evaluator.run(dataset, options("dense").build(), EvalProgress.NONE);
    assertEquals("built", rebuilt.indexCache());
    assertEquals(embedded, embedder.documentsEmbedded.get());
  }

  @Test
  void hybridIsTheEngineDefaultFusion() throws IOException {
    Dataset dataset = Datasets.load(Fixtures.dataset("locomo-tiny"), "test", Level.TURNS);
    String defaultFusion = EngineConfig.builder(tmp).build().recall().fusion().name();
    EvalReport report =
        Evaluator.run(dataset, options("hybrid," + defaultFusion).build(), EvalProgress.NONE);
    assertEquals(report.run("hybrid").metrics(), report.run(defaultFusion).metrics());
  }

  @Test
  void statusQuoWithTheDefaultSpecIsTheStatusQuo() throws IOException {
    Dataset dataset = Datasets.load(Fixtures.dataset("beir-tiny"), "test", null);
    String defaultFusion = EngineConfig.builder(tmp).build().recall().fusion().name();
    EvalReport report =
        Evaluator.run(
            dataset,
            options("sqlite-fts5,sqlite-fts5:" + defaultFusion + ",sqlite-fts5:rrf:k=1").build(),
            EvalProgress.NONE);
    assertEquals(
        report.run("sqlite-fts5").metrics(), report.run("sqlite-fts5:" + defaultFusion).metrics());
    assertEquals(EvalMode.Type.SQLITE_FTS5, report.run("sqlite-fts5:rrf:k=1").mode().type());
  }

  @Test
  void theStatusQuoWithDedupShowsOneCopyOfATextJudgedTwice() throws IOException {
    // d1 and d2 are one text twice (d2 adds a full stop), both judged relevant to q1.
    Dataset dataset =
        oneQuery(
            "twice",
            Map.of(
                "d1",
                "apple orchard harvest",
                "d2",
                "apple orchard harvest.",
                "d3",
                "zebra stripes"),
            "apple orchard",
            "d1",
            "d2");
    EvalReport report =
        Evaluator.run(
            dataset,
            options("hybrid,sqlite-fts5,sqlite-fts5+dedup").runDir(tmp.resolve("runs")).build(),
            EvalProgress.NONE);

    assertEquals(1.0, report.run("sqlite-fts5").metric("recall@10"), "as agents run it");
    assertEquals(0.5, report.run("sqlite-fts5+dedup").metric("recall@10"));
    assertEquals(0.5, report.run("hybrid").metric("recall@10"), "the engine shows one copy");
    Run deduplicated =
        TrecFormat.readRun(
            tmp.resolve("runs")
                .resolve("twice-test." + EvalMode.parse("sqlite-fts5+dedup").fileName() + ".trec"));
    List<String> ranked = deduplicated.ranking("q1").stream().map(h -> h.id()).toList();
    assertEquals(List.of("d1", "d3"), ranked, "the better-ranked copy stays, the other text too");
  }

  @Test
  void theStatusQuoFusesAtTheFusionDepthOnBothPaths() throws IOException {
    // FTS5 finds only d1; the cosine side ranks all three, but only its first enters fusion.
    Dataset dataset =
        oneQuery(
            "depth",
            Map.of("d1", "apple orchard", "d2", "zebra stripes", "d3", "granite quarry"),
            "apple",
            "d1");
    Evaluator.run(
        dataset,
        options("hybrid,sqlite-fts5").depth(3).fusionDepth(1).runDir(tmp.resolve("runs")).build(),
        EvalProgress.NONE);
    for (String mode : List.of("hybrid", "sqlite-fts5")) {
      Run run = TrecFormat.readRun(tmp.resolve("runs").resolve("depth-test." + mode + ".trec"));
      assertTrue(run.ranking("q1").size() <= 2, mode + ": " + run.ranking("q1"));
    }
  }

  @Test
  void theLexicalQueryDiagnosticCutsOnlyTheLexicalSide() throws IOException {
    // q1 "zebra apple" is answered by d2 (apple); its first half, "zebra", only finds d1.
    Dataset dataset =
        oneQuery(
            "zebra", Map.of("d1", "zebra stripes", "d2", "apple orchard"), "zebra apple", "d2");
    // The status quo fused by RRF with the cosine side at weight 0 scores only what FTS5 found.
    String modes = "bm25,bm25-code,dense,sqlite-fts5:rrf:k=60,vector=0";
    EvalReport whole =
        Evaluator.run(
            dataset, options(modes).runDir(tmp.resolve("whole")).build(), EvalProgress.NONE);
    EvalReport cut =
        Evaluator.run(
            dataset,
            options(modes)
                .runDir(tmp.resolve("cut"))
                .lexicalQueryCut(LexicalQueryCut.FIRST_HALF)
                .build(),
            EvalProgress.NONE);

    for (String lexical : List.of("bm25", "bm25-code")) {
      assertEquals(1.0, whole.run(lexical).metric("recall@100"), lexical);
      assertEquals(0.0, cut.run(lexical).metric("recall@100"), lexical);
    }
    assertEquals(whole.run("dense").metrics(), cut.run("dense").metrics());
    String quo =
        "zebra-test." + EvalMode.parse("sqlite-fts5:rrf:k=60,vector=0").fileName() + ".trec";
    assertTrue(fts5Score(TrecFormat.readRun(tmp.resolve("whole").resolve(quo)), "d2") > 0);
    assertEquals(0.0, fts5Score(TrecFormat.readRun(tmp.resolve("cut").resolve(quo)), "d2"));
    assertFalse(whole.toJson().has("diagnostic_lexical_query"));
    assertEquals("first-half", cut.toJson().get("diagnostic_lexical_query").asText());
    assertTrue(cut.table().contains("DIAGNOSTIC: lexical side queried with the first-half"));
  }

  /** A BEIR-layout dataset of untitled texts by id and one query, q1, judging {@code relevant}. */
  private Dataset oneQuery(String name, Map<String, String> texts, String query, String... relevant)
      throws IOException {
    Path dir = tmp.resolve(name);
    Files.createDirectories(dir.resolve("qrels"));
    StringBuilder corpus = new StringBuilder();
    new TreeMap<>(texts)
        .forEach(
            (id, text) ->
                corpus.append(
                    "{\"_id\": \"%s\", \"title\": \"\", \"text\": \"%s\"}\n".formatted(id, text)));
    Files.writeString(dir.resolve("corpus.jsonl"), corpus);
    Files.writeString(
        dir.resolve("queries.jsonl"), "{\"_id\": \"q1\", \"text\": \"%s\"}\n".formatted(query));
    StringBuilder qrels = new StringBuilder("query-id\tcorpus-id\tscore\n");
    for (String id : relevant) {
      qrels.append("q1\t").append(id).append("\t1\n");
    }
    Files.writeString(dir.resolve("qrels/test.tsv"), qrels);
    return Datasets.load(dir, "test", null);
  }

  private static double fts5Score(Run run, String doc) {
    return run.ranking("q1").stream()
        .filter(h -> h.id().equals(doc))
        .findFirst()
        .orElseThrow()
        .score();
  }

  @Test
  void locomoQueriesOnlySeeTheirConversation() throws IOException {
    Dataset dataset = Datasets.load(Fixtures.dataset("locomo-tiny"), "test", Level.TURNS);
    Evaluator.run(
        dataset,
        options("bm25,dense,hybrid+nodecay,sqlite-fts5").runDir(tmp.resolve("runs")).build(),
        EvalProgress.NONE);
    for (String mode : List.of("bm25", "dense", "hybrid+nodecay", "sqlite-fts5")) {
      Run run =
          TrecFormat.readRun(
              tmp.resolve(
                  "runs/locomo-tiny-test-turns." + EvalMode.parse(mode).fileName() + ".trec"));
      for (String qid : run.queryIds()) {
        String conversation = qid.substring(0, qid.indexOf(':'));
        assertFalse(run.rankedIds(qid).isEmpty(), mode + " " + qid);
        run.rankedIds(qid)
            .forEach(
                doc ->
                    assertTrue(
                        doc.startsWith(conversation + ":"), mode + ": " + qid + " got " + doc));
      }
    }
  }

  @Test
  void theTierPolicyOrdersAMixedHaystackAndSharesItsIndex() throws IOException {
    Dataset dataset = Datasets.load(Fixtures.dataset("locomo-tiny"), "test", Level.MIXED);
    EvalReport byDefault = Evaluator.run(dataset, options("hybrid").build(), EvalProgress.NONE);
    assertEquals(Double.toString(Ranker.DEFAULT_TIER_BOOST), byDefault.tierBoost());

    EvalReport strict =
        Evaluator.run(
            dataset,
            options("hybrid").tierBoost("strict").runDir(tmp.resolve("runs")).build(),
            EvalProgress.NONE);

    assertEquals("strict", strict.tierBoost());
    assertEquals("hit", strict.indexCache(), "the tier policy is a query-time setting");
    Set<String> observations = Set.of("conv-1:S1:O1", "conv-2:S1:O1");
    Run run = TrecFormat.readRun(tmp.resolve("runs/locomo-tiny-test-mixed.hybrid.trec"));
    for (String qid : run.queryIds()) {
      List<String> ranked = run.rankedIds(qid);
      long turns = ranked.stream().filter(id -> !observations.contains(id)).count();
      // Strict tiers: every dialog turn (priority 4) before any observation (priority 6).
      assertTrue(
          ranked.subList(0, (int) turns).stream().noneMatch(observations::contains),
          qid + ": " + ranked);
    }
  }

  @Test
  void warningsOfTheDataReachTheReport() throws IOException {
    Path dir = tmp.resolve("empty-doc");
    Files.createDirectories(dir.resolve("qrels"));
    Files.writeString(
        dir.resolve("corpus.jsonl"),
        """
        {"_id": "d1", "title": "", "text": "apple"}
        {"_id": "d2", "title": "", "text": ""}
        """);
    Files.writeString(dir.resolve("queries.jsonl"), "{\"_id\": \"q1\", \"text\": \"apple\"}\n");
    Files.writeString(dir.resolve("qrels/test.tsv"), "q1\td1\t1\nq1\tmissing\t1\n");
    EvalReport report =
        Evaluator.run(Datasets.load(dir, "test", null), options("bm25").build(), EvalProgress.NONE);
    assertEquals(2, report.warnings().size(), report.warnings().toString());
    assertTrue(report.warnings().get(0).contains("corpus-id missing"), report.warnings().get(0));
    assertTrue(report.warnings().get(1).contains("document d2 has neither title nor text"));
    assertEquals(2, report.toJson().get("warnings").get("count").asInt());
    assertTrue(report.table().contains("2 warning(s)"));
    assertEquals(1.0, report.run("bm25").metric("recall@10"), 1e-9);
  }

  @Test
  void percentileIsNearestRank() {
    double[] values = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    assertEquals(5, ModeRun.percentile(values, 0.5));
    assertEquals(10, ModeRun.percentile(values, 0.95));
    assertEquals(0, ModeRun.percentile(new double[0], 0.5));
  }

  private static List<String> fieldNames(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  @Test
  void aCutDocumentReachesTheBlockOnlyWithItsFirst32TokensOfText() {
    TokenCounter cl100k = TokenCounters.cl100k();
    Reach reach = new Reach(cl100k);
    ScoredRecord first = scoredChunk("first", "A sentence that fills the block first. ".repeat(8));
    ScoredRecord relevant = scoredChunk("relevant", "Alpha beta gamma delta epsilon. ".repeat(20));
    NaivePacker naive = new NaivePacker(cl100k, Renderers.memoryContext(), 2);
    int firstBlock = cl100k.count(naive.pack(List.of(), List.of(first), 100_000).context());

    PackedContext sliver = naive.pack(List.of(), List.of(first, relevant), firstBlock + 6);
    RecalledItem sliverItem = itemOf(sliver, "relevant");
    assertTrue(sliverItem.truncated(), sliver.context());
    assertFalse(
        reach.reached(sliver.context(), sliverItem),
        "a few tokens of the text are not a document shown");

    PackedContext head =
        naive.pack(List.of(), List.of(first, relevant), firstBlock + Reach.MIN_TOKENS + 4);
    RecalledItem headItem = itemOf(head, "relevant");
    assertTrue(headItem.truncated(), head.context());
    assertTrue(
        reach.reached(head.context(), headItem),
        "the first 32 tokens of the text are in the block");

    PackedContext whole = naive.pack(List.of(), List.of(first, relevant), 100_000);
    assertTrue(reach.reached(whole.context(), itemOf(whole, "relevant")));
  }

  private static ScoredRecord scoredChunk(String id, String content) {
    MemoryRecord record =
        MemoryRecord.builder()
            .id(id)
            .silo(Silo.RAG)
            .kind(Kind.RAG_CHUNK)
            .content(content)
            .created(Instant.EPOCH)
            .build();
    return new ScoredRecord(record, new ScoreBreakdown(1, 1, 0, Double.NaN, 1, 1, 1, 1, 1));
  }

  private static RecalledItem itemOf(PackedContext packed, String id) {
    return packed.items().stream()
        .filter(i -> i.record().id().equals(id))
        .findFirst()
        .orElseThrow();
  }
}
