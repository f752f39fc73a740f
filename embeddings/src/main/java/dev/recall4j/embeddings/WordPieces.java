package dev.recall4j.embeddings;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;

/**
 * A model's tokenizer: a text to the word-piece ids the model reads, [CLS] first and [SEP] last,
 * unpadded, cut after {@link InProcessModel#maxTokens} ids. Thread-safe.
 *
 * <p>These are the ids langchain4j's {@code OnnxBertBiEncoder} fed the model: it tokenised the text
 * with the same settings, detokenised the pieces and tokenised that again (falling back to the
 * pieces glued together when the round trip changed them, which no text of the shared datasets
 * does), so one call here gives the same ids as its three.
 */
final class WordPieces implements AutoCloseable {
  private final HuggingFaceTokenizer tokenizer;

  private WordPieces(HuggingFaceTokenizer tokenizer) {
    this.tokenizer = tokenizer;
  }

  /** Reads the tokenizer's JSON; the stream is left open. */
  static WordPieces load(InputStream json, int maxTokens) throws IOException {
    // The cut named explicitly: DJL otherwise takes the JSON's own (MiniLM's 128) or its default
    // of 512, with a warning for the latter. Never padded: each text is one run of its own length.
    return new WordPieces(
        HuggingFaceTokenizer.newInstance(
            json, Map.of("padding", "false", "maxLength", Integer.toString(maxTokens))));
  }

  long[] ids(String text) {
    return tokenizer.encode(text).getIds();
  }

  @Override
  public void close() {
    tokenizer.close();
  }
}
