package dev.recall4j.embeddings;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OnnxValue;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * One BERT-style ONNX graph run: word-piece ids in, the pooled hidden state out. Thread-safe: ONNX
 * Runtime sessions accept concurrent runs.
 *
 * <p>Each text is its own run of its own length, never padded into a batch with others: both
 * in-process models are dynamically quantised, so every matrix product quantises its activations
 * with one scale for the whole input tensor, and a text's vector would then depend on the texts and
 * padding beside it (cosine 0.988-0.996 to its own vector in batches of 4-32, and no faster:
 * docs/RESULTS.md, "The query embedding and ingest with the model").
 *
 * <p>Pooling and normalisation are langchain4j's {@code OnnxBertBiEncoder}'s, operation for
 * operation, so that vectors stay bit-identical to those it produced for the indexes already
 * written (EncoderParityTest): CLS takes the first token's state, mean adds the token states in
 * order in float and divides by their count; then the vector is divided by its float norm.
 */
final class BertEncoder {
  private final OrtEnvironment environment;
  private final OrtSession session;
  private final boolean clsPooling;
  private final boolean typeIds;

  BertEncoder(OrtEnvironment environment, OrtSession session, boolean clsPooling) {
    this.environment = environment;
    this.session = session;
    this.clsPooling = clsPooling;
    this.typeIds = session.getInputNames().contains("token_type_ids");
  }

  /** The pooled, normalised state of the ids ([CLS] ... [SEP]), {@code dimension} components. */
  float[] embed(long[] ids, int dimension) throws OrtException {
    long[] shape = {1, ids.length};
    long[] ones = new long[ids.length];
    Arrays.fill(ones, 1);
    try (OnnxTensor inputIds = OnnxTensor.createTensor(environment, LongBuffer.wrap(ids), shape);
        OnnxTensor mask = OnnxTensor.createTensor(environment, LongBuffer.wrap(ones), shape);
        OnnxTensor types =
            OnnxTensor.createTensor(environment, LongBuffer.wrap(new long[ids.length]), shape)) {
      Map<String, OnnxTensor> inputs = new HashMap<>();
      inputs.put("input_ids", inputIds);
      inputs.put("attention_mask", mask);
      if (typeIds) {
        inputs.put("token_type_ids", types);
      }
      try (OrtSession.Result result = session.run(inputs)) {
        return normalise(pool(result.get(0), ids.length, dimension));
      }
    }
  }

  /** The first output is the last hidden state, [1, tokens, dimension]. */
  private float[] pool(OnnxValue output, int tokens, int dimension) {
    FloatBuffer states = ((OnnxTensor) output).getFloatBuffer();
    float[] pooled = new float[dimension];
    if (clsPooling) {
      states.get(0, pooled);
      return pooled;
    }
    for (int t = 0; t < tokens; t++) {
      int row = t * dimension;
      for (int j = 0; j < dimension; j++) {
        pooled[j] += states.get(row + j);
      }
    }
    for (int j = 0; j < dimension; j++) {
      pooled[j] /= tokens;
    }
    return pooled;
  }

  /** In float, as langchain4j did; {@link Vectors#unit} then checks and normalises in double. */
  private static float[] normalise(float[] vector) {
    float squares = 0;
    for (float x : vector) {
      squares += x * x;
    }
    float norm = (float) Math.sqrt(squares);
    for (int i = 0; i < vector.length; i++) {
      vector[i] /= norm;
    }
    return vector;
  }
}
