package dev.recall4j.datasets.gates;

import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Rewrites checked-in gate files in place: the reference vectors they name and the figures they
 * expect. Keys keep their order and every other key (comments, tolerances) its value, so a
 * re-recording shows in {@code git diff} as the figures that moved and nothing else.
 */
final class GateFiles {
  // Numbers as written: 0.0005 stays 0.0005, not 5.0E-4.
  private static final ObjectMapper JSON =
      JsonMapper.builder()
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
          .build();
  private static final DefaultPrettyPrinter PRINTER =
      new DefaultPrettyPrinter()
          .withSeparators(
              Separators.createDefaultInstance()
                  .withObjectFieldValueSpacing(Separators.Spacing.AFTER))
          .withArrayIndenter(DefaultIndenter.SYSTEM_LINEFEED_INSTANCE);

  private GateFiles() {}

  /** SHA-256 of a file's bytes, lowercase hex. */
  static String sha256(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      byte[] buffer = new byte[1 << 16];
      for (int n; (n = in.read(buffer)) > 0; ) {
        sha.update(buffer, 0, n);
      }
      return HexFormat.of().formatHex(sha.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError("every JDK provides SHA-256", e);
    }
  }

  /** Names a reference vector file (relative to the gate file) and its checksum, after "model". */
  static void setVectors(Path gateFile, String vectors, String checksum) throws IOException {
    ObjectNode old = read(gateFile);
    ObjectNode out = JSON.createObjectNode();
    for (Iterator<Map.Entry<String, JsonNode>> it = old.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      if (e.getKey().equals("vectors") || e.getKey().equals("vectors_checksum")) {
        continue;
      }
      out.set(e.getKey(), e.getValue());
      if (e.getKey().equals("model")) {
        out.put("vectors", vectors);
        out.put("vectors_checksum", checksum);
      }
    }
    write(gateFile, out);
  }

  /**
   * Sets each metric of each run to the figure a check measured, rounded to four decimals as the
   * report prints it.
   */
  static void setFigures(Path gateFile, List<Gates.Check> checks) throws IOException {
    ObjectNode root = read(gateFile);
    for (JsonNode run : root.path("runs")) {
      ObjectNode metrics = (ObjectNode) run.path("metrics");
      String mode = run.path("mode").asText();
      for (Gates.Check c : checks) {
        if (mode.equals(c.mode()) && metrics.has(c.metric())) {
          metrics.put(
              c.metric(),
              BigDecimal.valueOf(c.actual())
                  .setScale(4, RoundingMode.HALF_EVEN)
                  .stripTrailingZeros());
        }
      }
    }
    write(gateFile, root);
  }

  private static ObjectNode read(Path gateFile) throws IOException {
    return (ObjectNode) JSON.readTree(gateFile.toFile());
  }

  private static void write(Path gateFile, ObjectNode root) throws IOException {
    Files.writeString(gateFile, JSON.writer(PRINTER).writeValueAsString(root) + "\n");
  }
}
