package dev.recall4j.embeddings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall4j.core.Embedder;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The golden vectors of an in-process model: what it gave for {@code golden/texts.json} on named
 * CPU kernels, read by {@link GoldenVectorsTest}, and recorded by {@link #main}.
 *
 * <p>Recording a kernel: {@code java -cp TEST_CLASSPATH dev.recall4j.embeddings.GoldenVectors MODEL
 * KERNEL CPU FILE} embeds the texts with the live model and adds (or replaces) the kernel's vectors
 * in FILE, a JSON file {@code {"model", "kernels": {KERNEL: {"cpu", "documents": [..], "queries":
 * [..]}}}} with each vector as base64 of little-endian float32. A second kernel comes from the same
 * command under an emulated CPU ({@code qemu-x86_64 -cpu Haswell java ...}: ONNX Runtime then picks
 * its AVX2 kernels); docs/RESULTS.md ("Portable gates") has the commands.
 *
 * @param model the model id
 * @param documents the document texts
 * @param queries the query texts
 * @param kernels per kernel label, its vectors: documents then queries, in text order
 */
record GoldenVectors(
    String model, List<String> documents, List<String> queries, Map<String, Kernel> kernels) {
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * One kernel's vectors.
   *
   * @param cpu the CPU they were recorded on, as {@code /proc/cpuinfo} names it
   * @param documents one vector per document text
   * @param queries one vector per query text
   */
  record Kernel(String cpu, List<float[]> documents, List<float[]> queries) {}

  /** The texts, from the test resources. */
  static GoldenVectors texts(String model) throws IOException {
    JsonNode texts = resource("texts.json");
    return new GoldenVectors(
        model, strings(texts.path("documents")), strings(texts.path("queries")), Map.of());
  }

  /** The texts and every kernel recorded for the model. */
  static GoldenVectors read(String model) throws IOException {
    GoldenVectors texts = texts(model);
    JsonNode root = resource(model + ".json");
    Map<String, Kernel> kernels = new LinkedHashMap<>();
    root.path("kernels")
        .properties()
        .forEach(
            e ->
                kernels.put(
                    e.getKey(),
                    new Kernel(
                        e.getValue().path("cpu").asText(),
                        vectors(e.getValue().path("documents")),
                        vectors(e.getValue().path("queries")))));
    return new GoldenVectors(model, texts.documents, texts.queries, kernels);
  }

  /** What the embedder gives for the texts now. */
  Kernel embed(Embedder embedder, String cpu) {
    List<float[]> queryVectors = new ArrayList<>();
    for (String q : queries) {
      queryVectors.add(embedder.embedQuery(q));
    }
    return new Kernel(cpu, embedder.embedDocuments(documents), queryVectors);
  }

  public static void main(String[] args) throws IOException {
    if (args.length != 4) {
      throw new IllegalArgumentException("usage: GoldenVectors MODEL KERNEL CPU FILE");
    }
    String model = args[0];
    Path file = Path.of(args[3]);
    Kernel kernel;
    try (Embedder embedder = Embedders.inProcess(model)) {
      kernel = texts(model).embed(embedder, args[2]);
    }
    ObjectNode root =
        Files.exists(file) ? (ObjectNode) JSON.readTree(file.toFile()) : JSON.createObjectNode();
    root.put("model", model);
    ObjectNode kernels =
        root.has("kernels") ? (ObjectNode) root.get("kernels") : root.putObject("kernels");
    ObjectNode entry = kernels.putObject(args[1]);
    entry.put("cpu", kernel.cpu());
    ArrayNode documents = entry.putArray("documents");
    kernel.documents().forEach(v -> documents.add(encode(v)));
    ArrayNode queries = entry.putArray("queries");
    kernel.queries().forEach(v -> queries.add(encode(v)));
    Files.writeString(
        file, JSON.enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(root) + "\n");
  }

  private static JsonNode resource(String name) throws IOException {
    try (InputStream in = GoldenVectors.class.getResourceAsStream("golden/" + name)) {
      if (in == null) {
        throw new IllegalStateException("no test resource golden/" + name);
      }
      return JSON.readTree(in);
    }
  }

  private static List<String> strings(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asText()));
    return out;
  }

  private static List<float[]> vectors(JsonNode array) {
    List<float[]> out = new ArrayList<>();
    array.forEach(n -> out.add(decode(n.asText())));
    return out;
  }

  private static String encode(float[] v) {
    ByteBuffer bytes = ByteBuffer.allocate(4 * v.length).order(ByteOrder.LITTLE_ENDIAN);
    for (float x : v) {
      bytes.putFloat(x);
    }
    return Base64.getEncoder().encodeToString(bytes.array());
  }

  private static float[] decode(String base64) {
    ByteBuffer bytes = ByteBuffer.wrap(Base64.getDecoder().decode(base64));
    bytes.order(ByteOrder.LITTLE_ENDIAN);
    float[] v = new float[bytes.remaining() / 4];
    for (int i = 0; i < v.length; i++) {
      v[i] = bytes.getFloat();
    }
    return v;
  }
}
