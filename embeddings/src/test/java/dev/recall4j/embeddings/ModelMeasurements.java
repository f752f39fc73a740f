package dev.recall4j.embeddings;

import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15q.BgeSmallEnV15QuantizedEmbeddingModel;
import dev.recall4j.core.Embedder;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Measures the in-process models on SciFact for docs/RESULTS.md ("Embedding models"): load time,
 * documents/s of {@code embedDocuments} against langchain4j's stock arrangement, query latency, and
 * (with {@code --quality}) dense-only nDCG@10 on the SciFact test queries. A measurement tool, not
 * a test: run it by hand with the command in docs/RESULTS.md. The evaluation runner of the datasets
 * module is the authority on quality; this is a cross-check of the embedders alone.
 *
 * <p>Arguments: {@code DATASET_DIR [DOCS] [--quality[=POOL]]}; DOCS defaults to 200. The quality
 * check searches a pool of POOL documents (default 1,000): every judged document of the test
 * queries plus the first unjudged ones in file order, so that both models are compared on the same
 * pool in minutes rather than embedding all 5,183 abstracts (bge takes about 8 minutes on 2 cores).
 */
final class ModelMeasurements {
  private static final Logger LOG = LoggerFactory.getLogger(ModelMeasurements.class);

  private ModelMeasurements() {}

  public static void main(String[] args) throws IOException {
    Path dir = Path.of(args.length > 0 ? args[0] : "../shared/datasets/scifact");
    int docs = args.length > 1 && !args[1].startsWith("--") ? Integer.parseInt(args[1]) : 200;
    int pool =
        Arrays.stream(args)
            .filter(a -> a.startsWith("--quality"))
            .mapToInt(
                a -> a.contains("=") ? Integer.parseInt(a.substring(a.indexOf('=') + 1)) : 1000)
            .findFirst()
            .orElse(0);
    Map<String, String> corpus = corpus(dir.resolve("corpus.jsonl.gz"));
    Map<String, String> queries = lines(dir.resolve("queries.jsonl"));
    Map<String, Set<String>> qrels = qrels(dir.resolve("qrels/test.tsv"));
    List<String> sample = corpus.values().stream().limit(docs).toList();
    List<String> testQueries = qrels.keySet().stream().map(queries::get).toList();
    LOG.info(
        "{} cores, {}; {} documents (mean {} words), {} test queries",
        Runtime.getRuntime().availableProcessors(),
        Runtime.version(),
        sample.size(),
        sample.stream().mapToInt(t -> t.split("\\s+").length).sum() / sample.size(),
        testQueries.size());
    for (String name : Embedders.inProcessModels()) {
      long start = System.nanoTime();
      try (Embedder embedder = Embedders.inProcess(name)) {
        double loadMs = (System.nanoTime() - start) / 1e6;
        embedder.embedDocuments(sample.subList(0, Math.min(8, sample.size()))); // warm up
        double ours = docsPerSecond(() -> embedder.embedDocuments(sample), sample.size());
        double stock = stockDocsPerSecond(name, sample);
        double[] latency = queryLatencyMillis(embedder, testQueries);
        LOG.info(
            String.format(
                Locale.ROOT,
                "%s: load %.0f ms; embedDocuments %.1f docs/s (langchain4j stock embedAll %.1f);"
                    + " query p50 %.2f ms, p99 %.2f ms",
                name,
                loadMs,
                ours,
                stock,
                latency[0],
                latency[1]));
        if (pool > 0) {
          LOG.info(
              String.format(
                  Locale.ROOT,
                  "%s: SciFact test dense nDCG@10 %.4f over a pool of %d documents",
                  name,
                  ndcgAt10(embedder, pool(corpus, qrels, pool), queries, qrels),
                  pool));
        }
      }
    }
  }

  private static double docsPerSecond(Runnable embedAll, int count) {
    long start = System.nanoTime();
    embedAll.run();
    return count / ((System.nanoTime() - start) / 1e9);
  }

  /** langchain4j's own model class: default session threads, embedAll on its default pool. */
  private static double stockDocsPerSecond(String name, List<String> sample) {
    EmbeddingModel stock =
        name.startsWith("bge")
            ? new BgeSmallEnV15QuantizedEmbeddingModel()
            : new AllMiniLmL6V2QuantizedEmbeddingModel();
    List<TextSegment> segments = sample.stream().map(TextSegment::from).toList();
    stock.embedAll(segments.subList(0, Math.min(8, segments.size())));
    return docsPerSecond(() -> stock.embedAll(segments), segments.size());
  }

  /** p50 and p99 of embedQuery over the queries, after 10 warm-up calls; milliseconds. */
  private static double[] queryLatencyMillis(Embedder embedder, List<String> queries) {
    for (int i = 0; i < 10; i++) {
      embedder.embedQuery(queries.get(i % queries.size()));
    }
    long[] nanos = new long[queries.size()];
    for (int i = 0; i < nanos.length; i++) {
      long start = System.nanoTime();
      embedder.embedQuery(queries.get(i));
      nanos[i] = System.nanoTime() - start;
    }
    Arrays.sort(nanos);
    return new double[] {
      nanos[nanos.length / 2] / 1e6, nanos[(int) Math.ceil(nanos.length * 0.99) - 1] / 1e6
    };
  }

  /** Judged documents first, then unjudged ones in file order, up to size. */
  private static Map<String, String> pool(
      Map<String, String> corpus, Map<String, Set<String>> qrels, int size) {
    Map<String, String> pool = new LinkedHashMap<>();
    qrels.values().forEach(ids -> ids.forEach(id -> pool.put(id, corpus.get(id))));
    for (Map.Entry<String, String> doc : corpus.entrySet()) {
      if (pool.size() >= size) {
        break;
      }
      pool.putIfAbsent(doc.getKey(), doc.getValue());
    }
    return pool;
  }

  /** Exhaustive dot-product retrieval; binary gains, log2 discount (BEIR's nDCG@10). */
  private static double ndcgAt10(
      Embedder embedder,
      Map<String, String> corpus,
      Map<String, String> queries,
      Map<String, Set<String>> qrels) {
    List<String> ids = new ArrayList<>(corpus.keySet());
    long start = System.nanoTime();
    List<float[]> vectors = embedder.embedDocuments(new ArrayList<>(corpus.values()));
    LOG.info(
        "embedded {} documents in {} s", ids.size(), (System.nanoTime() - start) / 1_000_000_000);
    double sum = 0;
    for (Map.Entry<String, Set<String>> judged : qrels.entrySet()) {
      float[] q = embedder.embedQuery(queries.get(judged.getKey()));
      Integer[] order = new Integer[ids.size()];
      double[] scores = new double[ids.size()];
      for (int d = 0; d < ids.size(); d++) {
        order[d] = d;
        float[] v = vectors.get(d);
        double s = 0;
        for (int i = 0; i < v.length; i++) {
          s += q[i] * v[i];
        }
        scores[d] = s;
      }
      Arrays.sort(
          order,
          (a, b) ->
              scores[a] != scores[b]
                  ? Double.compare(scores[b], scores[a])
                  : ids.get(a).compareTo(ids.get(b)));
      double dcg = 0;
      for (int rank = 0; rank < 10; rank++) {
        if (judged.getValue().contains(ids.get(order[rank]))) {
          dcg += 1 / (Math.log(rank + 2) / Math.log(2));
        }
      }
      double ideal = 0;
      for (int rank = 0; rank < Math.min(10, judged.getValue().size()); rank++) {
        ideal += 1 / (Math.log(rank + 2) / Math.log(2));
      }
      sum += dcg / ideal;
    }
    return sum / qrels.size();
  }

  /** id -> title + " " + text, in file order. */
  private static Map<String, String> corpus(Path file) throws IOException {
    Map<String, String> corpus = new LinkedHashMap<>();
    try (InputStream in = new GZIPInputStream(Files.newInputStream(file));
        BufferedReader reader =
            new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      for (String line; (line = reader.readLine()) != null; ) {
        JsonNode doc = OllamaErrors.JSON.readTree(line);
        String title = doc.path("title").asText("");
        corpus.put(
            doc.path("_id").asText(),
            (title.isEmpty() ? "" : title + " ") + doc.path("text").asText());
      }
    }
    return corpus;
  }

  private static Map<String, String> lines(Path file) throws IOException {
    Map<String, String> queries = new HashMap<>();
    for (String line : Files.readAllLines(file)) {
      JsonNode query = OllamaErrors.JSON.readTree(line);
      queries.put(query.path("_id").asText(), query.path("text").asText());
    }
    return queries;
  }

  private static Map<String, Set<String>> qrels(Path file) throws IOException {
    Map<String, Set<String>> qrels = new LinkedHashMap<>();
    List<String> rows = Files.readAllLines(file);
    for (String row : rows.subList(1, rows.size())) {
      String[] cells = row.split("\t");
      if (Integer.parseInt(cells[2]) > 0) {
        qrels.computeIfAbsent(cells[0], k -> new HashSet<>()).add(cells[1]);
      }
    }
    return qrels;
  }
}
