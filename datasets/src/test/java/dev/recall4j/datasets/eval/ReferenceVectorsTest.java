package dev.recall4j.datasets.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReferenceVectorsTest {
  @TempDir Path tmp;
  private final HashingEmbedder model = new HashingEmbedder(32);

  @Test
  void recordedVectorsReadBackCloseToTheModelsAndUnitLength() throws IOException {
    ReferenceVectors.Recorder recorder = ReferenceVectors.recorder(model);
    List<String> texts = List.of("tide heights in metres", "the Brest gauge reports hourly");
    recorder.embedDocuments(texts);
    recorder.embedQuery("which units for heights?");
    recorder.embedQuery("which units for heights?");
    assertEquals(3, recorder.size());
    Path file = tmp.resolve("v/ref.r4rv");
    String checksum = recorder.write(file);

    ReferenceVectors read = ReferenceVectors.read(file, model.modelId());
    assertEquals(checksum, read.checksum());
    assertEquals(sha256(file), read.checksum());
    assertEquals(3, read.size());
    assertEquals(model.dimension(), read.dimension());
    for (int i = 0; i < texts.size(); i++) {
      float[] stored = read.embedDocuments(texts).get(i);
      assertEquals(1.0, dot(stored, stored), 1e-5);
      assertTrue(dot(stored, model.embedDocuments(List.of(texts.get(i))).getFirst()) > 0.9999);
    }
    float[] query = read.embedQuery("which units for heights?");
    assertTrue(dot(query, model.embedQuery("which units for heights?")) > 0.9999);
  }

  @Test
  void aTextNotRecordedIsRefusedNamingItAndTheCommand() throws IOException {
    ReferenceVectors.Recorder recorder = ReferenceVectors.recorder(model);
    recorder.embedDocuments(List.of("recorded as a document"));
    Path file = tmp.resolve("ref.r4rv");
    recorder.write(file);
    ReferenceVectors read = ReferenceVectors.read(file, model.modelId());

    // A query and a document of the same text are different entries (the query instruction).
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> read.embedQuery("recorded as a document"));
    assertTrue(e.getMessage().contains("query \"recorded as a document\""), e.getMessage());
    assertTrue(e.getMessage().contains("eval-gates --record-vectors"), e.getMessage());
    assertThrows(IllegalStateException.class, () -> read.embedDocuments(List.of("never seen")));
  }

  @Test
  void anotherModelADamagedOrMissingFileIsRefusedNamingTheFile() throws IOException {
    ReferenceVectors.Recorder recorder = ReferenceVectors.recorder(model);
    recorder.embedDocuments(List.of("one", "two"));
    Path file = tmp.resolve("ref.r4rv");
    recorder.write(file);

    IllegalArgumentException other =
        assertThrows(IllegalArgumentException.class, () -> ReferenceVectors.read(file, "bge"));
    assertTrue(other.getMessage().contains("not of bge"), other.getMessage());

    byte[] bytes = Files.readAllBytes(file);
    Files.write(file, java.util.Arrays.copyOf(bytes, bytes.length - 3));
    IllegalArgumentException truncated =
        assertThrows(
            IllegalArgumentException.class, () -> ReferenceVectors.read(file, model.modelId()));
    assertTrue(truncated.getMessage().contains(file + " is truncated"), truncated.getMessage());

    IllegalArgumentException missing =
        assertThrows(
            IllegalArgumentException.class,
            () -> ReferenceVectors.read(tmp.resolve("none.r4rv"), model.modelId()));
    assertTrue(missing.getMessage().startsWith("vectors: no reference vector file"));
  }

  private static double dot(float[] a, float[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += a[i] * b[i];
    }
    return s;
  }

  private static String sha256(Path file) throws IOException {
    try {
      return HexFormat.of()
          .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }
}
