package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class ChunkerTest {
  @Test
  void headingsStartChunksAndParagraphsMergeUpToTheTarget() {
    String doc =
        """
        # Guide
        intro line one
        continues here

        second paragraph

        ## Install
        copy the jar
        """;
    List<Chunker.Chunk> chunks = new Chunker(100).split(doc);
    assertEquals(
        List.of(
            new Chunker.Chunk(0, 2, "Guide", "intro line one continues here\nsecond paragraph"),
            new Chunker.Chunk(1, 8, "Install", "copy the jar")),
        chunks);
  }

  @Test
  void aParagraphBoundaryPastTheTargetSplits() {
    List<Chunker.Chunk> chunks = new Chunker(3).split("one two three four\n\nfive six\n");
    assertEquals(
        List.of(
            new Chunker.Chunk(0, 1, null, "one two three four"),
            new Chunker.Chunk(1, 3, null, "five six")),
        chunks);
  }
}
