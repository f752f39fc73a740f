package dev.recall4j.budget;

import static dev.recall4j.budget.Fixtures.CHARS;
import static dev.recall4j.budget.Fixtures.chunk;
import static dev.recall4j.budget.Fixtures.memory;
import static dev.recall4j.budget.Fixtures.sentences;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.recall4j.core.ContentFacts;
import dev.recall4j.core.Kind;
import dev.recall4j.core.ScoredRecord;
import dev.recall4j.core.TokenCounter;
import org.junit.jupiter.api.Test;

class BlockCostsTest {
  private static final Renderer.Entry TURN =
      Renderer.Entry.of(memory("t", Kind.TOOL_USE, "8 May", "Use -pl.", 1), false);

  @Test
  void frameSeparatorAndHeadersAreTheRenderersPieces() {
    BlockCosts costs = Fixtures.costs(CHARS);
    assertEquals("[memory context]\n".length(), costs.frame());
    assertEquals(0, costs.separator());
    assertEquals("[knowledge]\n".length(), costs.header(Section.KNOWLEDGE));
    assertEquals("[relevant experience]\n".length(), costs.header(Section.RELEVANT_EXPERIENCE));
  }

  @Test
  void aFullLineCostsItsItemOrItsMemberLine() {
    BlockCosts costs = Fixtures.costs(CHARS);
    assertEquals("- tool_use: 8 May. Use -pl.\n".length(), costs.full(TURN, false));
    assertEquals("  - Use -pl.\n".length(), costs.full(TURN, true));
    assertEquals("  - Use -pl.\n".length(), costs.member(TURN));
    assertEquals("- tool_use: 8 May. ", costs.prefix(TURN, false));
    assertEquals("  - ", costs.prefix(TURN, true));
  }

  @Test
  void aFullLineIsCountedOnceForEveryPackerSharingTheCache() {
    Fixtures.Chars counting = new Fixtures.Chars();
    TokenCountCache cache = new TokenCountCache(10);
    BlockCosts first = new BlockCosts(counting, Renderers.memoryContext(), cache);
    BlockCosts second = new BlockCosts(counting, Renderers.memoryContext(), cache);
    counting.calls = 0;
    int tokens = first.full(TURN, false);
    assertEquals(tokens, second.full(TURN, false));
    assertEquals(tokens, first.full(TURN, false, 5), "a known count whatever the room");
    assertEquals(1, counting.calls);
    assertEquals(1, cache.size());
  }

  @Test
  void aLineIsCountedFromThePieceCountsStoredForThisLayoutOnly() {
    TokenCounter counter = TokenCounters.cl100k();
    BlockCosts costs = new BlockCosts(counter, Renderers.memoryContext(), new TokenCountCache(10));
    String content = "Run mvn -pl engine test before pushing, and read the report.";
    int[] pieces = costs.pieceTokens(content);
    // Stored counts inflated by one token each: what the line costs shows which were read.
    int[] inflated = pieces.clone();
    for (int i = 0; i < inflated.length; i++) {
      inflated[i]++;
    }
    Renderer.Entry stored = entry(content, new ContentFacts(costs.layout(), inflated, new int[0]));
    String line = costs.renderer().item(stored);
    // The first piece is counted with the prefix and the last with the suffix; the others are read.
    assertEquals(counter.count(line) + inflated.length - 2, costs.full(stored, false));
    Renderer.Entry otherLayout =
        entry(content, new ContentFacts("o200k/block", inflated, new int[0]));
    assertEquals(
        counter.count(line),
        new BlockCosts(counter, Renderers.memoryContext(), new TokenCountCache(10))
            .full(otherLayout, false));
  }

  private static Renderer.Entry entry(String content, ContentFacts facts) {
    ScoredRecord scored = memory("t", Kind.TOOL_USE, "8 May", content, 1);
    return Renderer.Entry.of(
        new ScoredRecord(scored.record().toBuilder().contentFacts(facts).build(), scored.score()),
        false);
  }

  @Test
  void theIdentityCapsCutIsNeverCachedUnderTheWholeRecordsKey() {
    // Found in review: the cut line's count was cached under the record's key, so the next pack
    // (a larger cap, or none) took the whole record at the cut's price.
    TokenCountCache cache = new TokenCountCache(10);
    BlockCosts costs = new BlockCosts(CHARS, Renderers.memoryContext(), cache);
    Renderer.Entry whole =
        Renderer.Entry.of(Fixtures.pinned("me", Kind.IDENTITY, "I am Ada. I write Java."), true);
    Renderer.Entry cut = whole.withText("I am Ada. […]");
    assertEquals(costs.shown(cut, false), costs.full(cut, false));
    assertEquals(0, cache.size());
    assertEquals(costs.shown(whole, false), costs.full(whole, false));
    assertEquals(BlockCosts.OVER, costs.full(cut, false, 2), "the cut is more than 2 tokens");
  }

  @Test
  void linesShowingLessThanTheContentAreCountedEachTimeAndNotCached() {
    TokenCountCache cache = new TokenCountCache(10);
    BlockCosts costs = new BlockCosts(CHARS, Renderers.memoryContext(), cache);
    Renderer.Entry cut = TURN.withText("Use […]");
    assertEquals("- tool_use: 8 May. Use […]\n".length(), costs.shown(cut, false));
    assertEquals("  - Use […]\n".length(), costs.member(cut));
    assertEquals(0, cache.size());
  }

  @Test
  void aLineSurelyLongerThanTheRoomIsOverWithoutItsCount() {
    TokenCounter cl100k = TokenCounters.cl100k();
    TokenCountCache cache = new TokenCountCache(10);
    BlockCosts costs = new BlockCosts(cl100k, Renderers.memoryContext(), cache);
    Renderer.Entry big = Renderer.Entry.of(chunk("c", "a.md", 0, sentences(200), 1), false);
    assertEquals(BlockCosts.OVER, costs.full(big, false, 20));
    assertEquals(1, cache.size(), "only the room it exceeds is remembered");
    assertEquals(BlockCosts.OVER, costs.full(big, false, 10));
    int exact = costs.full(big, false);
    assertEquals(cl100k.count("- (a.md#0) " + sentences(200) + "\n"), exact);
    assertEquals(exact, costs.full(big, false, 20), "once known, the count itself");
    assertEquals(
        Fixtures.costs(TokenCounters.heuristic()).full(big, false),
        Fixtures.costs(TokenCounters.heuristic()).full(big, false, 20),
        "no bound for a counter that is not a BPE encoding");
  }
}
