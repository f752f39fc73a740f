package dev.recall4j.embeddings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import dev.langchain4j.model.embedding.onnx.AbstractInProcessEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.OnnxBertBiEncoder;
import dev.langchain4j.model.embedding.onnx.PoolingMode;
import dev.recall4j.core.Embedder;
import java.io.InputStream;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The vectors of {@link Embedders#inProcess} against those of langchain4j's {@code
 * OnnxBertBiEncoder} run as recall4j ran it before issue 35 (one intra-op thread), the golden
 * reference for every vector already stored: queries and documents of all kinds, a text past the
 * models' cut, and a batch of documents through {@code embedDocuments} (so in parallel and in
 * order). Bit for bit: the graph's kernels sum in the same order whatever the number of threads,
 * and pooling and normalisation repeat langchain4j's float arithmetic.
 */
class EncoderParityTest {
  private static final String LONG =
      ("The patient cohort was followed for twelve years; recurrence was measured by imaging and "
              + "biopsy, and survival by the national registry. ")
          .repeat(40);

  static final List<String> TEXTS =
      List.of(
          "How do I make the build stop failing on Java 25?",
          "retrieval",
          "Caroline: Hey Mel! Good to see you! How have you been?",
          "0-dimensional biomaterials show inductive properties.",
          "1/2000 in UK have abnormal PrP positivity.",
          "Melanie went camping with her kids at the beach in July 2023 🏕️ and loved it!!!",
          "naïve café résumé — Zürich, 東京, Москва; don't stop: it's 3.14159 (approx.)",
          "int main(void) { return printf(\"%d\\n\", a[i] >> 2) == -1 ? EXIT_FAILURE : 0; }",
          "Microstructural development of human newborn cerebral white matter\nAlterations of the "
              + "architecture of cerebral white matter in the developing human brain can affect "
              + "cortical development and result in functional disabilities.",
          "DECISION: we keep Lucene's HNSW with int8 vectors; rejected FAISS (native build, no "
              + "Windows wheels). Owner: platform team. Revisit when 1M records.",
          LONG);

  @ParameterizedTest
  @ValueSource(strings = {"all-minilm-l6-v2-q", "bge-small-en-v15-q"})
  void vectorsAreThoseOfLangchain4jsEncoder(String name) throws Exception {
    InProcessModel model = InProcessModel.named(name);
    try (Embedder embedder = Embedders.inProcess(name);
        Reference reference = new Reference(model)) {
      List<float[]> documents = embedder.embedDocuments(TEXTS);
      assertEquals(TEXTS.size(), documents.size());
      for (int i = 0; i < TEXTS.size(); i++) {
        String text = TEXTS.get(i);
        assertArrayEquals(reference.vector(text), documents.get(i), "document " + text);
        assertArrayEquals(
            reference.vector(model.queryInstruction + text),
            embedder.embedQuery(text),
            "query " + text);
      }
    }
  }

  /** langchain4j's encoder on a session of its own, one intra-op thread, as recall4j ran it. */
  private static final class Reference extends AbstractInProcessEmbeddingModel
      implements AutoCloseable {
    private final OrtSession session;
    private final OnnxBertBiEncoder bert;

    Reference(InProcessModel model) throws Exception {
      super(Runnable::run);
      ClassLoader loader = EncoderParityTest.class.getClassLoader();
      OrtEnvironment environment = OrtEnvironment.getEnvironment();
      try (InputStream onnx = loader.getResourceAsStream(model.onnxResource);
          InputStream tokenizer = loader.getResourceAsStream(model.tokenizerResource);
          OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
        options.setIntraOpNumThreads(1);
        options.setInterOpNumThreads(1);
        session = environment.createSession(onnx.readAllBytes(), options);
        bert =
            new OnnxBertBiEncoder(
                environment,
                session,
                tokenizer,
                model.clsPooling ? PoolingMode.CLS : PoolingMode.MEAN);
      }
    }

    float[] vector(String text) {
      return Vectors.unit(embed(text).content().vector(), InProcessModel.DIMENSION, "reference");
    }

    @Override
    protected OnnxBertBiEncoder model() {
      return bert;
    }

    @Override
    protected Integer knownDimension() {
      return InProcessModel.DIMENSION;
    }

    @Override
    public void close() throws Exception {
      session.close();
    }
  }
}
