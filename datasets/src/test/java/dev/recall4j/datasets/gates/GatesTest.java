package dev.recall4j.datasets.gates;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.datasets.eval.EvalMode;
import dev.recall4j.datasets.eval.EvalOptions;
import dev.recall4j.datasets.eval.EvalProgress;
import dev.recall4j.datasets.eval.EvalReport;
import dev.recall4j.datasets.eval.Evaluator;
import dev.recall4j.datasets.eval.HashingEmbedder;
import dev.recall4j.datasets.load.Dataset;
import dev.recall4j.datasets.load.Datasets;
import dev.recall4j.datasets.load.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GatesTest {
  @TempDir Path tmp;

  private final HashingEmbedder embedder = new HashingEmbedder(64);
  private Path root;
  private Path configs;
  private Dataset dataset;
  private EvalReport measured;

  @BeforeEach
  void measure() throws IOException {
    root = Fixtures.dataset("beir-tiny").getParent();
    configs = Files.createDirectories(tmp.resolve("gates"));
    dataset = Datasets.load(root.resolve("beir-tiny"), "test", null);
    measured =
        Evaluator.run(
            dataset,
            EvalOptions.builder(EvalMode.parseList("bm25,hybrid"))
                .budgets(List.of())
                .cacheDir(tmp.resolve("cache"))
                .model(embedder.modelId())
                .embedders(m -> embedder)
                .build(),
            EvalProgress.NONE);
  }

  private Gates.Report runGates() throws IOException {
    return Gates.run(root, configs, tmp.resolve("cache"), m -> embedder, EvalProgress.NONE);
  }

  private void writeGate(String name, String checksum, double bm25Shift, double hybridShift)
      throws IOException {
    Files.writeString(
        configs.resolve(name),
        String.format(
            Locale.ROOT,
            """
        {"dataset": "beir-tiny", "split": "test", "level": null, "checksum": "%s", "model": "%s",
         "comment": "figures of the hashing test embedder",
         "runs": [
           {"mode": "bm25", "tolerance": 0.0005, "metrics": {"ndcg@10": %s, "map": %s}},
           {"mode": "hybrid", "tolerance": 0.005, "metrics": {"ndcg@10": %s}}]}
        """,
            checksum,
            embedder.modelId(),
            measured.run("bm25").metric("ndcg@10") + bm25Shift,
            measured.run("bm25").metric("map"),
            measured.run("hybrid").metric("ndcg@10") + hybridShift));
  }

  @Test
  void passesAtTheMeasuredFiguresAndReportsARise() throws IOException {
    writeGate("beir-tiny.json", dataset.checksum(), 0, -0.1);
    Gates.Report report = runGates();
    assertTrue(report.passed(), report.table());
    assertEquals(
        List.of(Gates.Status.PASS, Gates.Status.PASS, Gates.Status.RISE),
        report.checks().stream().map(Gates.Check::status).toList());
    assertTrue(report.table().contains("PASSED"), report.table());
  }

  @Test
  void failsWhenAMetricDropsBelowItsFloor() throws IOException {
    writeGate("beir-tiny.json", dataset.checksum(), 0.001, 0);
    Gates.Report report = runGates();
    assertFalse(report.passed());
    assertEquals(Gates.Status.FAIL, report.checks().getFirst().status(), report.table());
    assertTrue(report.table().contains("FAILED"), report.table());
  }

  @Test
  void checksumMismatchIsAnErrorAndAMissingDatasetASkip() throws IOException {
    writeGate("a.json", "0".repeat(64), 0, 0);
    Files.writeString(
        configs.resolve("b.json"),
        """
        {"dataset": "no-such-dataset", "checksum": "%s", "model": "m",
         "runs": [{"mode": "bm25", "tolerance": 0, "metrics": {"map": 0.5}}]}
        """
            .formatted("1".repeat(64)));
    Gates.Report report = runGates();
    assertFalse(report.passed());
    assertEquals(Gates.Status.ERROR, report.checks().get(0).status());
    assertTrue(
        report.checks().get(0).message().contains("checksum mismatch"),
        report.checks().get(0).message());
    assertEquals(Gates.Status.SKIP, report.checks().get(1).status());
    assertTrue(report.checks().get(1).message().contains("not found"));
  }

  @Test
  void malformedGateNamesFileAndKey() throws IOException {
    Path file = configs.resolve("typo.json");
    Files.writeString(
        file,
        """
        {"dataset": "beir-tiny", "checksum": "%s", "model": "m", "runs": [], "tolerence": 1}
        """
            .formatted(dataset.checksum()));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> GateConfig.read(file));
    assertTrue(
        e.getMessage().contains("typo.json: tolerence: is not a gate setting"), e.getMessage());
  }

  @Test
  void recordedVectorsReproduceTheFiguresWithoutTheModel() throws IOException {
    writeGate("beir-tiny.json", dataset.checksum(), 0.2, 0.2); // figures far off: update sets them
    List<Path> written = Gates.recordVectors(root, configs, m -> embedder, EvalProgress.NONE);
    Path vectors = configs.resolve("vectors/beir-tiny.r4rv");
    assertEquals(List.of(vectors.toAbsolutePath().normalize()), written);
    GateConfig gate = GateConfig.read(configs.resolve("beir-tiny.json"));
    assertEquals(vectors.toAbsolutePath().normalize(), gate.vectors().toAbsolutePath());
    assertEquals(GateFiles.sha256(vectors), gate.vectorsChecksum());

    Gates.Report updated =
        Gates.update(root, configs, tmp.resolve("cache2"), m -> noModel(), EvalProgress.NONE);
    assertFalse(updated.passed(), "compared with the figures before the update");
    Gates.Report again =
        Gates.run(root, configs, tmp.resolve("cache3"), m -> noModel(), EvalProgress.NONE);
    assertTrue(again.passed(), again.table());
    assertTrue(
        again.checks().stream().allMatch(c -> c.status() == Gates.Status.PASS), again.table());
    String json = Files.readString(configs.resolve("beir-tiny.json"));
    assertTrue(json.contains("\"tolerance\": 0.0005"), json);
    assertTrue(json.contains("\"comment\": \"figures of the hashing test embedder\""), json);
  }

  @Test
  void aChangedOrMissingVectorFileIsAnError() throws IOException {
    writeGate("beir-tiny.json", dataset.checksum(), 0, 0);
    Gates.recordVectors(root, configs, m -> embedder, EvalProgress.NONE);
    Path vectors = configs.resolve("vectors/beir-tiny.r4rv");
    byte[] bytes = Files.readAllBytes(vectors);
    bytes[bytes.length - 1] ^= 1;
    Files.write(vectors, bytes);
    Gates.Check changed = runGates().checks().getFirst();
    assertEquals(Gates.Status.ERROR, changed.status());
    assertTrue(changed.message().contains("checksum mismatch"), changed.message());
    assertTrue(changed.message().contains("eval-gates --update"), changed.message());

    Files.delete(vectors);
    Gates.Check missing = runGates().checks().getFirst();
    assertEquals(Gates.Status.ERROR, missing.status());
    assertTrue(missing.message().contains("--record-vectors"), missing.message());
  }

  private static HashingEmbedder noModel() {
    throw new AssertionError("a gate on reference vectors loaded the model");
  }
}
