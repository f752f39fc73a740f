package dev.recall4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.recall4j.datasets.eval.EvalMode;
import dev.recall4j.datasets.eval.EvalOptions;
import dev.recall4j.datasets.eval.EvalProgress;
import dev.recall4j.datasets.eval.Evaluator;
import dev.recall4j.datasets.eval.ReferenceVectors;
import dev.recall4j.datasets.load.Datasets;
import dev.recall4j.datasets.load.Level;
import dev.recall4j.engine.HashingEmbedder;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code recall4j eval} as a user runs it, lexical only (no model) on the tiny LoCoMo fixture. */
class EvalCommandTest {
  @TempDir Path tmp;

  record Run(int exit, String out, String err) {}

  private Run eval(String tierBoost) throws URISyntaxException {
    return eval("--tier-boost=" + tierBoost, "--mode", "bm25");
  }

  private static Path locomo() throws URISyntaxException {
    return Path.of(EvalCommandTest.class.getResource("/datasets/locomo-tiny").toURI());
  }

  /** {@code eval} on the fixture with the given options after the fixed ones. */
  private Run eval(String... options) throws URISyntaxException {
    Path locomo = locomo();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    List<String> args =
        new ArrayList<>(
            List.of(
                "eval",
                "--dataset",
                locomo.toString(),
                "--level",
                "mixed",
                "--budget",
                "512",
                "--cache",
                tmp.resolve("cache").toString(),
                "--out",
                tmp.resolve("r.json").toString()));
    args.addAll(List.of(options));
    int exit =
        Main.run(
            args.toArray(String[]::new), new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(exit, out.toString(), err.toString());
  }

  @Test
  void theTierPolicyReachesTheReport() throws Exception {
    Run run = eval("strict");

    assertEquals(0, run.exit(), run.err());
    JsonNode json = new ObjectMapper().readTree(tmp.resolve("r.json").toFile());
    assertEquals("mixed", json.get("level").asText());
    assertEquals("strict", json.get("tier_boost").asText());
    assertEquals(3, json.get("queries").asInt());
    assertTrue(run.out().contains("tiers strict"), run.out());
  }

  @Test
  void aBadTierBoostNamesTheOption() throws URISyntaxException, IOException {
    for (String bad : new String[] {"fast", "-0.5", "NaN"}) {
      Run run = eval(bad);

      assertEquals(1, run.exit(), bad + ": " + run.err());
      assertTrue(
          run.err()
              .startsWith(
                  "recall4j: --tier-boost: must be \"strict\" or a boost >= 0, got \""
                      + bad
                      + "\""),
          run.err());
    }
  }

  @Test
  void theLexicalQueryDiagnosticIsMarkedInTheReport() throws Exception {
    Run run = eval("--diagnostic-lexical-query=first-half", "--mode", "bm25");

    assertEquals(0, run.exit(), run.err());
    JsonNode json = new ObjectMapper().readTree(tmp.resolve("r.json").toFile());
    assertEquals("first-half", json.get("diagnostic_lexical_query").asText());
    assertTrue(run.out().contains("DIAGNOSTIC: lexical side"), run.out());

    Run bad = eval("--diagnostic-lexical-query=half", "--mode", "bm25");
    assertEquals(1, bad.exit(), bad.err());
    assertTrue(
        bad.err()
            .startsWith(
                "recall4j: --diagnostic-lexical-query: must be none, first-half or every-second,"
                    + " got \"half\""),
        bad.err());
  }

  @Test
  void theVectorEncodingBuildsTheIndexWithItsOwnVectorFormatAndCacheEntry() throws Exception {
    // Reference vectors of every text the fixture's dense run embeds, from a real (hashing)
    // embedder, so the CLI indexes vectors without a model.
    Path vectors = tmp.resolve("tiny.r4rv");
    HashingEmbedder hashing = new HashingEmbedder(32);
    ReferenceVectors.Recorder recorder = ReferenceVectors.recorder(hashing);
    Evaluator.run(
        Datasets.load(locomo(), "test", Level.parse("--level", "mixed")),
        EvalOptions.builder(List.of(EvalMode.parse("dense")))
            .budgets(List.of(512))
            .cacheDir(tmp.resolve("recording"))
            .model(hashing.modelId())
            .embedders(name -> recorder)
            .build(),
        EvalProgress.NONE);
    recorder.write(vectors);
    String[] dense = {
      "--mode", "dense", "--vectors", vectors.toString(), "--model", hashing.modelId()
    };

    Run float32 = eval(concat(dense, "--vector-encoding", "float32"));

    assertEquals(0, float32.exit(), float32.err());
    JsonNode json = new ObjectMapper().readTree(tmp.resolve("r.json").toFile());
    assertEquals("float32", json.get("vector_encoding").asText());
    assertEquals("built", json.get("index_cache").asText());
    assertTrue(float32.out().contains("vectors float32"), float32.out());
    assertEquals(Set.of("Lucene99HnswVectorsFormat"), vectorFormats());

    Run int8 = eval(dense);

    assertEquals(0, int8.exit(), int8.err());
    json = new ObjectMapper().readTree(tmp.resolve("r.json").toFile());
    assertEquals("int8", json.get("vector_encoding").asText());
    assertEquals("built", json.get("index_cache").asText(), "an entry of its own");
    // Lucene104HnswScalarQuantizedVectorsFormat (int8 here) records itself under this NAME.
    assertEquals(
        Set.of("Lucene99HnswVectorsFormat", "Lucene104HnswBinaryQuantizedVectorsFormat"),
        vectorFormats());

    // The wire name in any case, as the configuration takes it, finds the float32 entry again.
    Run again = eval(concat(dense, "--vector-encoding=FLOAT32"));

    assertEquals(0, again.exit(), again.err());
    json = new ObjectMapper().readTree(tmp.resolve("r.json").toFile());
    assertEquals("float32", json.get("vector_encoding").asText());
    assertEquals("hit", json.get("index_cache").asText());
  }

  @Test
  void aBadVectorEncodingNamesTheOptionAndItIsRefusedBesideAStore() throws Exception {
    Run bad = eval("--vector-encoding", "int3", "--mode", "bm25");

    assertEquals(1, bad.exit(), bad.err());
    assertTrue(
        bad.err()
            .startsWith(
                "recall4j: --vector-encoding: unknown value \"int3\", expected one of float32,"
                    + " int8, int4"),
        bad.err());

    Path config = tmp.resolve("cluster.yaml");
    Files.writeString(
        config, "store:\n  type: opensearch\n  hosts: [http://127.0.0.1:9]\n  index: r4j-eval\n");
    Run beside =
        eval("--vector-encoding", "float32", "--mode", "bm25", "--store", config.toString());

    assertEquals(1, beside.exit(), beside.err());
    assertTrue(
        beside
            .err()
            .startsWith(
                "recall4j: --vector-encoding: sets the in-process index's encoding and is refused"
                    + " with --store; set index_settings.vector_encoding in "
                    + config),
        beside.err());
  }

  private static String[] concat(String[] first, String... more) {
    return Stream.concat(Stream.of(first), Stream.of(more)).toArray(String[]::new);
  }

  /** The per-field vector format of every segment of every cached index. */
  private Set<String> vectorFormats() throws IOException {
    Set<String> formats = new TreeSet<>();
    List<Path> entries;
    try (Stream<Path> list = Files.list(tmp.resolve("cache/index"))) {
      entries = list.toList();
    }
    for (Path entry : entries) {
      try (FSDirectory dir = FSDirectory.open(entry.resolve("lucene"));
          DirectoryReader reader = DirectoryReader.open(dir)) {
        for (LeafReaderContext leaf : reader.leaves()) {
          FieldInfo vector = leaf.reader().getFieldInfos().fieldInfo("vector");
          assertTrue(vector != null && vector.hasVectorValues(), entry + " has no vectors");
          formats.add(vector.getAttribute("PerFieldKnnVectorsFormat.format"));
        }
      }
    }
    return formats;
  }
}
