package dev.recall4j.budget;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.TokenCounter;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class BlockCountTest {
  // What tells pieces apart around a line break: every kind of whitespace the encodings know
  // (no-break spaces, NEL, tabs, CR), the slash o200k's punctuation pieces take after a break,
  // punctuation, digits, contractions, marks, CJK and a character outside the BMP.
  private static final String[] PARTS = {
    "\n", "\n", "\n", "\r\n", "\n\n", " \n", "\n ", "\n/", "/", "//", ".\n", ".", ",", "-", "#",
    "## ", "- ", " ", "  ", "\t", "\u00a0", "\u0085", "\u2028", "\u3000", "'s", "'ll", "the",
    "memory", "Agent", "HNSW", "42", "12345", "é", "e\u0301", "記憶", "😀", "[", "]", "\"", "{",
    "\u200b", "x"
  };

  /** The chunked count is the whole count, for any text, counted fresh and from memory. */
  @Property(tries = 400)
  void countsWhatTheCounterCountsForTheWholeText(@ForAll long seed, @ForAll boolean o200k) {
    TokenCounter counter = o200k ? TokenCounters.o200k() : TokenCounters.cl100k();
    BlockCount count = new BlockCount(counter);
    Random random = new Random(seed);
    for (int round = 0; round < 3; round++) {
      StringBuilder text = new StringBuilder();
      int parts = random.nextInt(400);
      for (int i = 0; i < parts; i++) {
        text.append(PARTS[random.nextInt(PARTS.length)]);
      }
      String block = text.toString();
      int exact = counter.count(block);
      assertEquals(exact, count.of(block), "seed " + seed + ": " + block);
      assertEquals(exact, count.of(block), "from memory, seed " + seed);
    }
  }

  @Test
  void packedBlocksOfRealisticLinesAddUp() {
    // Blocks as the renderers write them: headers, item lines, lines cut with the marker.
    Random random = new Random(7);
    for (TokenCounter counter : List.of(TokenCounters.cl100k(), TokenCounters.o200k())) {
      BlockCount count = new BlockCount(counter);
      for (int round = 0; round < 50; round++) {
        StringBuilder block = new StringBuilder("## Project facts\n");
        for (int line = 0; line < 1 + random.nextInt(30); line++) {
          block
              .append(line % 7 == 0 ? "\n### " : "- ")
              .append(Fixtures.sentences(1 + random.nextInt(5)))
              .append(line % 5 == 0 ? Cutter.MARKER : "")
              .append('\n');
        }
        String text = block.toString();
        assertEquals(counter.count(text), count.of(text), text);
      }
    }
  }

  @Test
  void otherCountersCountTheBlockWhole() {
    List<String> asked = new ArrayList<>();
    TokenCounter recording =
        new TokenCounter() {
          @Override
          public String name() {
            return "recording";
          }

          @Override
          public int count(String text) {
            asked.add(text);
            return text.length();
          }
        };
    String block = "- one\n- two\n- three";
    assertEquals(block.length(), new BlockCount(recording).of(block));
    assertEquals(List.of(block), asked);
    TokenCounter heuristic = TokenCounters.heuristic();
    String prose = Fixtures.sentences(40).replace(". ", ".\n");
    assertEquals(heuristic.count(prose), new BlockCount(heuristic).of(prose));
  }

  @Test
  void remembersLinesWithinItsBound() {
    BlockCount count = new BlockCount(TokenCounters.cl100k());
    String line = "- " + Fixtures.sentences(3) + "\n";
    count.of(line + line);
    assertEquals(line.length(), count.rememberedChars(), "one line, remembered once");
    Random random = new Random(3);
    for (int i = 0; i < 3_000; i++) {
      count.of("- note " + i + " " + Fixtures.sentences(1 + random.nextInt(8)) + "\n- tail " + i);
      assertTrue(count.rememberedChars() <= BlockCount.MAX_CHARS);
    }
    assertTrue(count.rememberedChars() > BlockCount.MAX_CHARS / 2, "the bound is used, not wasted");
    String huge = "- " + "word ".repeat(BlockCount.MAX_CHUNK_CHARS);
    long before = count.rememberedChars();
    assertEquals(TokenCounters.cl100k().count(huge), count.of(huge));
    assertTrue(count.rememberedChars() <= before, "a chunk past the chunk bound is not kept");
  }
}
