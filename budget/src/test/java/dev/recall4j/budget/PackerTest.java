package dev.recall4j.budget;

import static dev.recall4j.budget.Fixtures.chunk;
import static dev.recall4j.budget.Fixtures.memory;
import static dev.recall4j.budget.Fixtures.pinned;
import static dev.recall4j.budget.Fixtures.record;
import static dev.recall4j.budget.Fixtures.scored;
import static dev.recall4j.budget.Fixtures.sentences;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.DropReason;
import dev.recall4j.core.DroppedItem;
import dev.recall4j.core.Kind;
import dev.recall4j.core.PackedContext;
import dev.recall4j.core.RecalledItem;
import dev.recall4j.core.ScoredRecord;
import dev.recall4j.core.Silo;
import dev.recall4j.core.TokenCounter;
import java.util.List;
import org.junit.jupiter.api.Test;

class PackerTest {
  private static final TokenCounter CL100K = TokenCounters.cl100k();

  private static List<String> ids(PackedContext packed) {
    return packed.items().stream().map(i -> i.record().id()).toList();
  }

  private static DroppedItem droppedOf(PackedContext packed, String id) {
    return packed.dropped().stream().filter(d -> d.id().equals(id)).findFirst().orElseThrow();
  }

  @Test
  void goldenBlock() {
    ScoredRecord identity =
        pinned("id0", Kind.IDENTITY, "You are a coding agent for the acme monorepo.");
    ScoredRecord build = pinned("f1", Kind.PROJECT_FACT, "Build with mvn -q verify.");
    ScoredRecord tool =
        memory("t1", Kind.TOOL_USE, "Running tests", "Use -pl to build one module.", 0.9);
    ScoredRecord doc = chunk("c1", "docs/guide.md", 3, "Run the installer.\nThen restart.", 0.8);
    ScoredRecord fact = memory("f2", Kind.PROJECT_FACT, null, "Java 21 is the target.", 0.7);
    Packer packer = Packer.builder(CL100K).build();
    PackedContext packed = packer.pack(List.of(identity, build), List.of(tool, doc, fact), 1024);
    assertEquals(
        """
        [memory context]
        [workspace profile]
        - You are a coding agent for the acme monorepo.
        [project facts]
        - Build with mvn -q verify.
        - Java 21 is the target.
        [relevant experience]
        - tool_use: Running tests. Use -pl to build one module.
        [knowledge]
        - (docs/guide.md#3) Run the installer.
          Then restart.
        """,
        packed.context());
    assertEquals(List.of("id0", "f1", "f2", "t1", "c1"), ids(packed));
    assertEquals(CL100K.count(packed.context()), packed.tokensUsed());
    assertEquals("cl100k", packed.tokenizer());
    assertEquals(1024, packed.budgetTokens());
    assertTrue(packed.dropped().isEmpty());
    assertTrue(packed.warnings().isEmpty());
    // Lines are self-contained under cl100k, so the item estimates add up to the exact total.
    int headers =
        CL100K.count(
            "[memory context]\n[workspace profile]\n[project facts]\n[relevant experience]\n[knowledge]\n");
    assertEquals(
        packed.tokensUsed(),
        headers + packed.items().stream().mapToInt(RecalledItem::tokens).sum());
  }

  @Test
  void recordsSharingKindAndTitleAreRenderedAsAGroupWhereTheBestOfThemRanks() {
    List<ScoredRecord> ranked =
        List.of(
            memory(
                "a",
                Kind.TOOL_USE,
                "8 May 2023, 1:56 pm",
                "Caroline: I went to a support group.",
                0.9),
            memory("b", Kind.TOOL_USE, "9 May 2023, 2:00 pm", "Melanie: I painted a sunrise.", 0.8),
            memory("c", Kind.TOOL_USE, "8 May 2023, 1:56 pm", "Melanie: How was it?", 0.7),
            memory("d", Kind.TOOL_USE, "8 May 2023, 1:56 pm", "Caroline: Inspiring.", 0.6));
    PackedContext packed = Packer.builder(CL100K).build().pack(List.of(), ranked, 512);
    assertEquals(
        """
        [memory context]
        [relevant experience]
        - tool_use: 8 May 2023, 1:56 pm:
          - Caroline: I went to a support group.
          - Melanie: How was it?
          - Caroline: Inspiring.
        - tool_use: 9 May 2023, 2:00 pm. Melanie: I painted a sunrise.
        """,
        packed.context());
    assertEquals(List.of("a", "c", "d", "b"), ids(packed));
    // Each item's tokens are its line as rendered; the frame and the headers make up the rest.
    int rest =
        CL100K.count("[memory context]\n[relevant experience]\n- tool_use: 8 May 2023, 1:56 pm:\n");
    assertEquals(
        packed.tokensUsed(), rest + packed.items().stream().mapToInt(RecalledItem::tokens).sum());
  }

  @Test
  void groupingFitsMoreRecordsThanTheNaiveBaselineWhenTitlesInterleave() {
    // Two sessions whose turns alternate in the ranking: the naive cut repeats each date per line.
    List<ScoredRecord> ranked = new java.util.ArrayList<>();
    for (int i = 0; i < 20; i++) {
      String title = i % 2 == 0 ? "8 May 2023, 1:56 pm" : "25 May 2023, 1:14 pm";
      ranked.add(
          memory(
              "t" + i,
              Kind.TOOL_USE,
              title,
              "Speaker " + i + ": a short turn of the conversation.",
              1 - i * 0.01));
    }
    PackedContext packed = Packer.builder(CL100K).build().pack(List.of(), ranked, 200);
    PackedContext naive =
        new NaivePacker(CL100K, Renderers.memoryContext(), 20).pack(List.of(), ranked, 200);
    long whole = packed.items().stream().filter(i -> !i.truncated()).count();
    long naiveWhole = naive.items().stream().filter(i -> !i.truncated()).count();
    assertTrue(
        whole >= naiveWhole + 2,
        "packer " + whole + " whole records, naive " + naiveWhole + ":\n" + packed.context());
    assertTrue(packed.tokensUsed() <= 200);
  }

  @Test
  void aShortenedRecordThatAGroupJoinsLaterIsCountedAsAMember() {
    String title = "Release notes";
    ScoredRecord longOne = memory("long", Kind.WORKFLOW, title, sentences(60), 1.0);
    ScoredRecord joiner = memory("joiner", Kind.WORKFLOW, title, "Tag the release.", 0.9);
    for (int budget = 60; budget <= 900; budget += 7) {
      PackedContext packed =
          Packer.builder(CL100K).build().pack(List.of(), List.of(longOne, joiner), budget);
      assertTrue(packed.tokensUsed() <= budget, packed.tokensUsed() + " > " + budget);
      if (packed.items().size() == 2) {
        assertTrue(
            packed.context().contains("- workflow: Release notes:\n  - Sentence number 0"),
            packed.context());
      }
    }
  }

  @Test
  void budgetZeroGivesTheEmptyString() {
    PackedContext packed =
        Packer.builder(CL100K)
            .build()
            .pack(
                List.of(pinned("p", Kind.IDENTITY, "me")),
                List.of(memory("a", Kind.TOOL_USE, null, "x", 1)),
                0);
    assertEquals("", packed.context());
    assertEquals(0, packed.tokensUsed());
    assertTrue(packed.items().isEmpty());
    assertEquals(
        List.of(DropReason.BUDGET, DropReason.BUDGET),
        packed.dropped().stream().map(DroppedItem::reason).toList());
  }

  @Test
  void noCandidatesGiveTheEmptyString() {
    PackedContext packed = Packer.builder(CL100K).build().pack(List.of(), List.of(), 512);
    assertEquals("", packed.context());
    assertTrue(packed.items().isEmpty());
  }

  @Test
  void singleItemLargerThanTheBudgetIsCutAtASentenceBoundary() {
    ScoredRecord big = chunk("big", "a.md", 0, sentences(200), 1.0);
    PackedContext packed = Packer.builder(CL100K).build().pack(List.of(), List.of(big), 100);
    assertTrue(packed.tokensUsed() <= 100, packed.tokensUsed() + " tokens");
    assertTrue(
        packed.tokensUsed() >= 80,
        "a cut should fill most of the budget, used " + packed.tokensUsed());
    assertTrue(packed.context().endsWith("small window. […]\n"), packed.context());
    assertTrue(packed.items().get(0).truncated());
  }

  @Test
  void theNextSmallerItemsAreTriedWhenOneDoesNotFit() {
    ScoredRecord big = chunk("big", "a.md", 0, sentences(200), 1.0);
    ScoredRecord small = memory("small", Kind.TOOL_USE, null, "Short.", 0.5);
    // minCutTokens above the budget: the big one cannot be cut, the small one still gets in.
    PackedContext packed =
        Packer.builder(CL100K).minCutTokens(1000).build().pack(List.of(), List.of(big, small), 100);
    assertEquals(List.of("small"), ids(packed));
    DroppedItem bigDrop = droppedOf(packed, "big");
    assertEquals(DropReason.BUDGET, bigDrop.reason());
    assertTrue(bigDrop.detail().startsWith("needs "), bigDrop.detail());
  }

  @Test
  void aLongRecordTakesAtMostTheItemShareWhileOthersFollow() {
    ScoredRecord first = chunk("first", "a.md", 0, sentences(100), 1.0);
    ScoredRecord second = chunk("second", "b.md", 0, sentences("Other", 100), 0.9);
    PackedContext packed =
        Packer.builder(CL100K).build().pack(List.of(), List.of(first, second), 300);
    assertEquals(List.of("first", "second"), ids(packed));
    assertTrue(
        packed.items().get(0).tokens() <= 150,
        "half of 300, got " + packed.items().get(0).tokens());
    assertTrue(packed.items().stream().allMatch(RecalledItem::truncated));
    assertTrue(
        packed.tokensUsed() >= 250, "the second cut takes the rest, used " + packed.tokensUsed());
  }

  @Test
  void itemShareOneLetsTheBestRecordFillTheBlock() {
    ScoredRecord first = chunk("first", "a.md", 0, sentences(100), 1.0);
    ScoredRecord second = chunk("second", "b.md", 0, sentences("Other", 100), 0.9);
    PackedContext packed =
        Packer.builder(CL100K)
            .maxItemShare(1.0)
            .build()
            .pack(List.of(), List.of(first, second), 300);
    assertEquals(List.of("first"), ids(packed));
    assertEquals(DropReason.BUDGET, droppedOf(packed, "second").reason());
  }

  @Test
  void roomLeftAtTheEndRegrowsAShortenedRecord() {
    ScoredRecord longOne = chunk("long", "a.md", 0, sentences(20), 1.0);
    ScoredRecord shortOne = memory("short", Kind.TOOL_USE, null, "Short.", 0.5);
    int longLine = CL100K.count("- (a.md#0) " + sentences(20) + "\n");
    int budget = longLine + 60;
    assertTrue(
        longLine > budget / 2, "the long record must be over the item share to test anything");
    PackedContext packed =
        Packer.builder(CL100K).build().pack(List.of(), List.of(longOne, shortOne), budget);
    assertEquals(List.of("long", "short"), ids(packed).stream().sorted().toList());
    assertFalse(
        packed.items().stream().anyMatch(RecalledItem::truncated),
        "the leftover room restores it in full");
  }

  @Test
  void aCutEndsInsideASentenceWhenASentenceBoundaryWouldWasteTheRoom() {
    String text =
        "Short start. "
            + "then a very long sentence that goes on and on without any stop ".repeat(20).strip()
            + ".";
    PackedContext packed =
        Packer.builder(CL100K)
            .build()
            .pack(List.of(), List.of(memory("m", Kind.TOOL_USE, null, text, 1)), 60);
    assertTrue(
        packed.tokensUsed() >= 50,
        "a word cut fills the room, used " + packed.tokensUsed() + ": " + packed.context());
    assertTrue(packed.context().endsWith(" […]\n"), packed.context());
    assertTrue(packed.items().get(0).truncated());
  }

  @Test
  void aCutMustShowMinCutTokensOfTheRecordsOwnText() {
    String title = "A rather long title that tells what the document is about in some detail";
    ScoredRecord titled =
        scored(record("titled", Silo.RAG, Kind.RAG_CHUNK, sentences(50)).title(title).build(), 1.0);
    ScoredRecord small = memory("small", Kind.TOOL_USE, null, "Short.", 0.5);
    // Room for the titled line's frame and 20 tokens of its text, plus the small record's line.
    int budget =
        CL100K.count("[memory context]\n[knowledge]\n- " + title + ": […]\n")
            + 20
            + CL100K.count("[relevant experience]\n- tool_use: Short.\n");
    Packer.Builder packer = Packer.builder(CL100K).maxItemShare(1.0);
    PackedContext strict = packer.build().pack(List.of(), List.of(titled, small), budget);
    assertEquals(
        List.of("small"), ids(strict), "20 tokens of text are under the minimum cut of 32");
    PackedContext lenient =
        packer.minCutTokens(8).build().pack(List.of(), List.of(titled, small), budget);
    assertTrue(ids(lenient).contains("titled"), lenient.context());
    assertTrue(
        lenient.items().stream()
            .filter(i -> i.record().id().equals("titled"))
            .allMatch(RecalledItem::truncated));
  }

  @Test
  void aCutNeverShowsLessThanMinCutTokensOfText() {
    // A first sentence of 24-31 tokens, then one long sentence: for some rooms the sentence cut
    // keeps over three quarters of the word cut, yet less than the 32 tokens a cut must show.
    String first =
        "The agent keeps a small memory of what the user said about the build, the tests and the"
            + " release of the new version last week.";
    String text =
        first
            + " Then"
            + " a very long sentence that goes on and on without any stop".repeat(10)
            + ".";
    int firstTokens = CL100K.count(first);
    assertTrue(firstTokens >= 24 && firstTokens < 32, firstTokens + " tokens");
    int frame = CL100K.count("[memory context]\n[relevant experience]\n- tool_use: […]\n");
    int cuts = 0;
    for (int budget = frame + 28; budget <= frame + 48; budget++) {
      PackedContext packed =
          Packer.builder(CL100K)
              .build()
              .pack(List.of(), List.of(memory("m", Kind.TOOL_USE, null, text, 1)), budget);
      if (packed.items().isEmpty()) {
        continue;
      }
      cuts++;
      String shown =
          Cutter.unmarked(
              packed.context().substring(packed.context().indexOf("tool_use: ") + 10).strip());
      assertTrue(
          CL100K.count(shown) >= Packer.DEFAULT_MIN_CUT_TOKENS,
          "budget " + budget + " shows " + CL100K.count(shown) + ": " + shown);
    }
    assertTrue(cuts >= 10, cuts + " cuts");
  }

  @Test
  void summaryReplacesContentWhenContentDoesNotFit() {
    ScoredRecord withSummary =
        scored(
            record("s", Silo.MEMORY, Kind.WORKFLOW, sentences(100))
                .summary("Deploy with the release script.")
                .build(),
            1.0);
    PackedContext packed = Packer.builder(CL100K).build().pack(List.of(), List.of(withSummary), 64);
    assertEquals(
        "[memory context]\n[relevant experience]\n- workflow: Deploy with the release script.\n",
        packed.context());
    assertTrue(packed.items().get(0).truncated());
  }

  @Test
  void allItemsPinnedStayUnderThePinnedCapWithWarnings() {
    List<ScoredRecord> pins =
        List.of(
            pinned("p1", Kind.PROJECT_FACT, sentences("One", 3)),
            pinned("p2", Kind.PROJECT_FACT, sentences("Two", 10)),
            pinned("p3", Kind.PROJECT_FACT, sentences("Three", 3)));
    PackedContext packed = Packer.builder(CL100K).build().pack(pins, List.of(), 200);
    assertTrue(
        packed.tokensUsed() <= 100 + 1, "pinned share 0.5 of 200, used " + packed.tokensUsed());
    assertEquals(List.of("p1", "p2"), ids(packed));
    assertTrue(packed.items().get(1).truncated());
    assertEquals(DropReason.BUDGET, droppedOf(packed, "p3").reason());
    assertEquals(2, packed.warnings().size(), packed.warnings().toString());
    assertTrue(
        packed.warnings().get(0).startsWith("pinned record p2 truncated"),
        packed.warnings().get(0));
    assertTrue(
        packed.warnings().get(1).startsWith("pinned record p3 left out"), packed.warnings().get(1));
  }

  @Test
  void contentThatWouldBeEmptyAfterTruncationIsDroppedNotRendered() {
    // One 600-letter word: no sentence or word boundary, and the minimum cut does not fit.
    ScoredRecord word = memory("w", Kind.TOOL_USE, null, "a".repeat(600), 1.0);
    PackedContext packed =
        Packer.builder(CL100K).minCutTokens(1).build().pack(List.of(), List.of(word), 8);
    assertEquals("", packed.context());
    assertEquals(DropReason.BUDGET, droppedOf(packed, "w").reason());
  }

  @Test
  void nonLatinTextAndEmojiAreNeverSplitInsideASurrogatePair() {
    String text = "记忆系统很重要。".repeat(30) + "🙂🚀👩‍💻".repeat(40) + " Привет мир. ".repeat(20);
    for (TokenCounter counter :
        List.of(TokenCounters.heuristic(), TokenCounters.cl100k(), TokenCounters.o200k())) {
      for (int budget = 20; budget < 400; budget += 37) {
        PackedContext packed =
            Packer.builder(counter)
                .minCutTokens(1)
                .build()
                .pack(List.of(), List.of(memory("x", Kind.TOOL_USE, null, text, 1)), budget);
        assertTrue(counter.count(packed.context()) <= budget);
        assertTrue(
            wellFormed(packed.context()),
            "lone surrogate at budget " + budget + " with " + counter.name());
      }
    }
  }

  private static boolean wellFormed(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isHighSurrogate(c)) {
        if (i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1))) {
          return false;
        }
        i++;
      } else if (Character.isLowSurrogate(c)) {
        return false;
      }
    }
    return true;
  }

  @Test
  void belowThresholdAndDuplicatesAreReported() {
    ScoredRecord a = memory("a", Kind.TOOL_USE, null, "Same text.", 0.9);
    ScoredRecord twin = memory("twin", Kind.TOOL_USE, null, "Same   text.", 0.8);
    ScoredRecord low = memory("low", Kind.TOOL_USE, null, "Weak match.", 0.1);
    PackedContext packed =
        Packer.builder(CL100K).minScore(0.5).build().pack(List.of(), List.of(a, twin, a, low), 512);
    assertEquals(List.of("a"), ids(packed));
    assertEquals(DropReason.DUPLICATE, droppedOf(packed, "twin").reason());
    assertEquals("same content as a", droppedOf(packed, "twin").detail());
    assertEquals(DropReason.BELOW_THRESHOLD, droppedOf(packed, "low").reason());
    assertEquals(3, packed.dropped().size());
  }

  @Test
  void quotasCapSectionsAndKinds() {
    List<ScoredRecord> ranked =
        List.of(
            memory("t1", Kind.TOOL_USE, null, sentences(2), 0.9),
            memory("t2", Kind.TOOL_USE, null, sentences("Tool", 2), 0.8),
            memory("w1", Kind.WORKFLOW, null, sentences("Flow", 2), 0.7),
            chunk("c1", "a.md", 0, sentences("Doc", 2), 0.6),
            chunk("c2", "b.md", 1, sentences("Page", 3), 0.5));
    int line = CL100K.count("- (a.md#0) " + sentences("Doc", 2) + "\n");
    PackedContext packed =
        Packer.builder(CL100K)
            .kindQuota(Kind.TOOL_USE, line)
            .sectionQuota(Section.KNOWLEDGE, line + 5)
            .build()
            .pack(List.of(), ranked, 2048);
    assertEquals(List.of("t1", "w1", "c1"), ids(packed));
    assertEquals(DropReason.QUOTA, droppedOf(packed, "t2").reason());
    assertEquals(DropReason.QUOTA, droppedOf(packed, "c2").reason());
  }

  @Test
  void safetyMarginShrinksTheUsableBudget() {
    List<ScoredRecord> ranked = List.of(chunk("big", "a.md", 0, sentences(200), 1.0));
    PackedContext exact = Packer.builder(CL100K).build().pack(List.of(), ranked, 500);
    PackedContext margin =
        Packer.builder(CL100K).safetyMargin(0.25).build().pack(List.of(), ranked, 500);
    assertTrue(margin.tokensUsed() <= 400, "500 / 1.25 = 400, used " + margin.tokensUsed());
    assertTrue(exact.tokensUsed() > 400);
    assertEquals(
        TokenCounters.HEURISTIC_SAFETY_MARGIN,
        Packer.builder(TokenCounters.heuristic()).build().safetyMargin());
    assertEquals(0.0, Packer.builder(CL100K).build().safetyMargin());
  }

  @Test
  void badSettingsNameTheSetting() {
    assertMessage(
        "budgetTokens", () -> Packer.builder(CL100K).build().pack(List.of(), List.of(), -1));
    assertMessage("pinnedShare", () -> Packer.builder(CL100K).pinnedShare(1.5).build());
    assertMessage("pinnedShare", () -> Packer.builder(CL100K).pinnedShare(Double.NaN).build());
    assertMessage("maxItemShare", () -> Packer.builder(CL100K).maxItemShare(0).build());
    assertMessage("maxItemShare", () -> Packer.builder(CL100K).maxItemShare(1.5).build());
    assertMessage("safetyMargin", () -> Packer.builder(CL100K).safetyMargin(-0.1).build());
    assertMessage("minScore", () -> Packer.builder(CL100K).minScore(Double.NaN).build());
    assertMessage("minCutTokens", () -> Packer.builder(CL100K).minCutTokens(0).build());
    assertMessage(
        "sectionQuota", () -> Packer.builder(CL100K).sectionQuota(Section.KNOWLEDGE, -1).build());
    assertMessage("kindQuota", () -> Packer.builder(CL100K).kindQuota(Kind.TOOL_USE, -5).build());
    assertMessage("renderer", () -> Packer.builder(CL100K).renderer(null).build());
    assertMessage("counter", () -> Packer.builder(null));
  }

  static void assertMessage(String setting, org.junit.jupiter.api.function.Executable call) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
    assertTrue(e.getMessage().startsWith(setting + ":"), e.getMessage());
  }

  @Test
  void cachedCountsAreReusedAcrossPacks() {
    TokenCountCache cache = new TokenCountCache(100);
    int[] calls = {0};
    TokenCounter counting =
        new TokenCounter() {
          @Override
          public String name() {
            return "counting";
          }

          @Override
          public int count(String text) {
            calls[0]++;
            return CL100K.count(text);
          }
        };
    Packer packer = Packer.builder(counting).cache(cache).build();
    List<ScoredRecord> ranked =
        List.of(
            memory("a", Kind.TOOL_USE, null, "One.", 1),
            memory("b", Kind.TOOL_USE, null, "Two.", 1));
    PackedContext first = packer.pack(List.of(), ranked, 512);
    int afterFirst = calls[0];
    PackedContext second = packer.pack(List.of(), ranked, 512);
    assertEquals(first, second);
    assertEquals(2, cache.size());
    assertEquals(1, calls[0] - afterFirst, "only the final block is counted again");
    assertFalse(first.context().isEmpty());
  }
}
