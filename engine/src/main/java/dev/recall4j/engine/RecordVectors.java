package dev.recall4j.engine;

import dev.recall4j.core.Embedder;
import dev.recall4j.core.MemoryRecord;
import java.util.ArrayList;
import java.util.List;

/**
 * Embeds records: each text in passages (see {@link Passages}), all of them in one embedder call.
 */
final class RecordVectors {
  private RecordVectors() {}

  /** The records with their vectors and the embedder's model id; the order is kept. */
  static List<MemoryRecord> embed(Embedder embedder, List<MemoryRecord> records, int passageWords) {
    List<String> texts = new ArrayList<>();
    int[] firstText = new int[records.size() + 1];
    for (int i = 0; i < records.size(); i++) {
      firstText[i] = texts.size();
      texts.addAll(Passages.of(records.get(i), passageWords));
    }
    firstText[records.size()] = texts.size();
    List<float[]> vectors = texts.isEmpty() ? List.of() : embedder.embedDocuments(texts);
    if (vectors.size() != texts.size()) {
      throw new IllegalStateException(
          "embedder "
              + embedder.modelId()
              + " returned "
              + vectors.size()
              + " vectors for "
              + texts.size()
              + " texts");
    }
    List<MemoryRecord> embedded = new ArrayList<>(records.size());
    for (int i = 0; i < records.size(); i++) {
      embedded.add(
          records.get(i).toBuilder()
              .vectors(vectors.subList(firstText[i], firstText[i + 1]))
              .embeddingModel(embedder.modelId())
              .build());
    }
    return embedded;
  }
}
