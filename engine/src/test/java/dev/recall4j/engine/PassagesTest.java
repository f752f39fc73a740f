package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Tier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Long texts are embedded in passages, and every way a record gets vectors keeps them. */
class PassagesTest {
  @TempDir Path workspace;

  static MemoryRecord withText(String title, String content) {
    return RecallEngineTest.record("long", Silo.RAG, Kind.RAG_CHUNK, Tier.ACTIVE, content)
        .toBuilder()
        .title(title)
        .build();
  }

  /** {@code lines} lines of {@code wordsPerLine} numbered words: "w0 w1 ...". */
  static String numberedLines(int lines, int wordsPerLine) {
    StringBuilder text = new StringBuilder();
    int n = 0;
    for (int line = 0; line < lines; line++) {
      for (int w = 0; w < wordsPerLine; w++) {
        text.append(w == 0 ? "" : " ").append("w").append(n++);
      }
      text.append(".\n");
    }
    return text.toString();
  }

  @Test
  void aShortTextIsOnePassageOfTitleAndContent() {
    assertEquals(
        List.of("Tide tables\nread them at dawn"),
        Passages.of(withText("Tide tables", "read them at dawn"), 16));
    MemoryRecord long300 = withText(null, numberedLines(30, 10));
    assertEquals(List.of(long300.content()), Passages.of(long300, 0), "0 turns passages off");
  }

  @Test
  void passagesEndAtLinesKeepEveryWordInOrderAndCarryTheTitle() {
    String content = numberedLines(10, 12);
    List<String> passages = Passages.of(withText("Session 3", content), 30);
    assertEquals(5, passages.size(), "two 12-word lines per 30-word passage: " + passages);
    List<String> words = new ArrayList<>();
    for (String passage : passages) {
      assertTrue(passage.startsWith("Session 3\n"), passage);
      String body = passage.substring("Session 3\n".length());
      assertTrue(Passages.words(body) <= 30, body);
      words.addAll(Arrays.asList(body.split("\\s+")));
    }
    assertEquals(Arrays.asList(content.strip().split("\\s+")), words);
  }

  @Test
  void aLongLineIsCutAtSentencesAndALongSentenceIntoRunsOfWords() {
    String sentence = String.join(" ", java.util.Collections.nCopies(20, "tide")) + ".";
    String oneLine =
        sentence
            + " "
            + sentence
            + " "
            + String.join(" ", java.util.Collections.nCopies(50, "surge"));
    List<String> passages = Passages.of(withText(null, oneLine), 20);
    assertTrue(passages.stream().allMatch(p -> Passages.words(p) <= 20), passages.toString());
    assertEquals(Passages.words(oneLine), passages.stream().mapToInt(Passages::words).sum());
    assertEquals(sentence, passages.get(0));
  }

  @Test
  void noTextGetsMorePassagesThanARecordHoldsVectors() {
    long seed = new Random().nextLong();
    Random random = new Random(seed);
    for (int trial = 0; trial < 20; trial++) {
      // Up to 100,000 words ("w12345" and a space: about 800,000 characters, under the content
      // limit).
      int wordsPerLine = 1 + random.nextInt(60);
      String content = numberedLines(1 + random.nextInt(100_000 / wordsPerLine), wordsPerLine);
      int maxWords = Passages.MIN_WORDS + random.nextInt(200);
      List<String> passages = Passages.of(withText(null, content), maxWords);
      assertTrue(
          passages.size() <= 1 + MemoryRecord.MAX_PASSAGE_VECTORS,
          "seed " + seed + ": " + passages.size() + " passages");
      assertEquals(
          Passages.words(content),
          passages.stream().mapToInt(Passages::words).sum(),
          "seed " + seed);
    }
  }

  @Test
  void aPassageSizeBelowTheMinimumIsRefusedNamingTheSetting() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> EngineConfig.builder(workspace).passageWords(Passages.MIN_WORDS - 1).build());
    assertTrue(e.getMessage().startsWith("embedder.passage_words"), e.getMessage());
  }

  @Test
  void saveBackgroundEmbeddingAndReindexAllStoreOneVectorPerPassage() throws Exception {
    MemoryRecord record = withText("Harbour log", numberedLines(12, 10));
    int passages = Passages.of(record, 32).size();
    assertTrue(passages > 1);
    EngineConfig config = EngineConfig.builder(workspace).passageWords(32).build();
    try (RecallEngine engine =
        RecallEngine.open(config, new HashingEmbedder(16), RecallEngineTest.CLOCK)) {
      engine.saveAll(List.of(record));
      assertEquals(
          passages, engine.get(RecallEngineTest.SCOPE, "long").orElseThrow().vectorCount());
      // The last passage's words find the record on the vector path as well.
      var result =
          engine.recall(
              RecallRequest.builder("w110 w111 w112 w113 w114")
                  .scope(RecallEngineTest.SCOPE)
                  .build());
      assertEquals("hybrid", result.retrieval().describe());
      assertEquals(1, result.items().get(0).score().vectorRank());
    }
    Reindexer.reindex(config, new HashingEmbedder(8), IngestProgress.NONE);
    try (RecallEngine engine =
        RecallEngine.open(config, new HashingEmbedder(8), RecallEngineTest.CLOCK)) {
      MemoryRecord reindexed = engine.get(RecallEngineTest.SCOPE, "long").orElseThrow();
      assertEquals(passages, reindexed.vectorCount());
      assertEquals(8, reindexed.dimension());
    }
    EngineConfig background =
        EngineConfig.builder(workspace.resolve("bg"))
            .passageWords(32)
            .embedInBackground(true)
            .build();
    try (RecallEngine engine =
        RecallEngine.open(background, new HashingEmbedder(16), RecallEngineTest.CLOCK)) {
      engine.saveAll(List.of(record));
      long deadline = System.nanoTime() + 20_000_000_000L;
      while (engine.status(RecallEngineTest.SCOPE).withoutVector() > 0
          && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      assertEquals(
          passages, engine.get(RecallEngineTest.SCOPE, "long").orElseThrow().vectorCount());
    }
  }

  @Test
  void anEmbedderThatLosesATextFailsLoudly() {
    HashingEmbedder model = new HashingEmbedder(8);
    dev.recall4j.core.Embedder lossy =
        new dev.recall4j.core.Embedder() {
          @Override
          public String modelId() {
            return model.modelId();
          }

          @Override
          public int dimension() {
            return 8;
          }

          @Override
          public float[] embedQuery(String query) {
            return model.embedQuery(query);
          }

          @Override
          public List<float[]> embedDocuments(List<String> texts) {
            return model.embedDocuments(texts.subList(1, texts.size()));
          }
        };
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> RecordVectors.embed(lossy, List.of(withText(null, numberedLines(4, 10))), 16));
    assertTrue(e.getMessage().contains("returned 3 vectors for 4 texts"), e.getMessage());
  }
}
