package dev.recall4j.budget;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.ContentFacts;
import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Origin;
import dev.recall4j.core.PackedContext;
import dev.recall4j.core.RecalledItem;
import dev.recall4j.core.ScoreBreakdown;
import dev.recall4j.core.ScoredRecord;
import dev.recall4j.core.Silo;
import dev.recall4j.core.TokenCounter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * The packer's invariants over random candidate sets (built from a seed that jqwik prints on
 * failure) and budgets from 0 to 8,192, for every shipped counter and packing renderer.
 */
class PackerPropertiesTest {
  /** An agent's own, longer words: the budget must hold whatever the headings and tag cost. */
  private static final RenderOptions AGENT_WORDS =
      new RenderOptions(
          "recalled memories for this turn, most useful first",
          "harvey-unified-memory-context",
          java.util.Map.of(
              Section.WORKSPACE_PROFILE, "who you are working with and where",
              Section.PROJECT_FACTS, "facts about the current project",
              Section.RELEVANT_EXPERIENCE, "experience from earlier sessions (tools, workflows)",
              Section.KNOWLEDGE, "retrieved documents and knowledge-base observations"));

  /** Every shipped renderer that packs, the configurable ones with an agent's own words. */
  private static final List<Renderer> RENDERERS =
      List.of(
          Renderers.memoryContext(),
          Renderers.memoryContextTag(),
          Renderers.json(),
          Renderers.byName("xml", AGENT_WORDS),
          Renderers.byName("grouped", AGENT_WORDS),
          Renderers.byName("display", AGENT_WORDS));

  private static final String[] WORDS = Fixtures.MIXED_WORDS;
  private static final Kind[] KINDS = {
    Kind.IDENTITY,
    Kind.WORKSPACE_PROFILE,
    Kind.PROJECT_FACT,
    Kind.TOOL_USE,
    Kind.WORKFLOW,
    Kind.USER_PREFERENCE,
    Kind.CORRECTION,
    new Kind("lesson")
  };

  private static final String[] SHARED_TITLES = {"8 May 2023, 1:56 pm", "Install.", "记忆 🙂"};

  record Case(List<ScoredRecord> pinned, List<ScoredRecord> ranked) {}

  @Provide
  Arbitrary<Case> cases() {
    return Arbitraries.longs().map(PackerPropertiesTest::randomCase);
  }

  @Provide
  Arbitrary<Renderer> renderers() {
    return Arbitraries.of(RENDERERS);
  }

  @Provide
  Arbitrary<Packer> packers() {
    Arbitrary<TokenCounter> counters =
        Arbitraries.of(TokenCounters.heuristic(), TokenCounters.cl100k(), TokenCounters.o200k());
    Arbitrary<Renderer> renderers = Arbitraries.of(RENDERERS);
    Arbitrary<Double> shares = Arbitraries.of(0.0, 0.25, 0.5, 1.0);
    Arbitrary<Integer> minCuts = Arbitraries.of(1, 8, 32);
    Arbitrary<Double> itemShares = Arbitraries.of(0.1, 0.5, 1.0);
    return Combinators.combine(counters, renderers, shares, minCuts, itemShares)
        .as(
            (c, r, s, m, i) ->
                Packer.builder(c)
                    .renderer(r)
                    .pinnedShare(s)
                    .minCutTokens(m)
                    .maxItemShare(i)
                    .build());
  }

  @Property(tries = 200)
  void renderedCountNeverExceedsTheBudget(
      @ForAll("cases") Case c,
      @ForAll("packers") Packer packer,
      @ForAll @IntRange(min = 0, max = 8192) int budget) {
    PackedContext packed = packer.pack(c.pinned(), c.ranked(), budget);
    int count = packer.counter().count(packed.context());
    assertTrue(count <= budget, count + " tokens > budget " + budget);
    assertEquals(count, packed.tokensUsed());
    assertEquals(
        c.pinned().size() + c.ranked().size(), packed.items().size() + packed.dropped().size());
    if (budget == 0) {
      assertEquals("", packed.context());
    }
  }

  /**
   * A packer reading the piece counts stored with each record packs exactly what one counting every
   * line packs: same text, same items, same count.
   */
  @Property(tries = 100)
  void storedPieceCountsPackTheSame(
      @ForAll("cases") Case c,
      @ForAll boolean o200k,
      @ForAll("renderers") Renderer renderer,
      @ForAll @IntRange(min = 0, max = 8192) int budget) {
    TokenCounter counter = o200k ? TokenCounters.o200k() : TokenCounters.cl100k();
    Packer counting = Packer.builder(counter).renderer(renderer).build();
    Packer reading = Packer.builder(counter).renderer(renderer).build();
    PackedContext counted = counting.pack(c.pinned(), c.ranked(), budget);
    PackedContext read =
        reading.pack(withFacts(c.pinned(), reading), withFacts(c.ranked(), reading), budget);
    assertEquals(counted.context(), read.context());
    assertEquals(counted.tokensUsed(), read.tokensUsed());
    assertEquals(itemIds(counted.items()), itemIds(read.items()));
  }

  private static List<ScoredRecord> withFacts(List<ScoredRecord> scored, Packer packer) {
    List<ScoredRecord> out = new ArrayList<>();
    for (ScoredRecord s : scored) {
      ContentFacts facts =
          new ContentFacts(packer.layout(), packer.pieceTokens(s.record().content()), new int[0]);
      out.add(
          new ScoredRecord(
              s.record().toBuilder().contentFacts(facts).build(), s.score(), s.sourceContext()));
    }
    return out;
  }

  private static List<String> itemIds(List<RecalledItem> items) {
    List<String> out = new ArrayList<>();
    items.forEach(i -> out.add(i.record().id()));
    return out;
  }

  @Property(tries = 100)
  void pinnedPrecedeAllOthers(
      @ForAll("cases") Case c,
      @ForAll("packers") Packer packer,
      @ForAll @IntRange(min = 0, max = 8192) int budget) {
    PackedContext packed = packer.pack(c.pinned(), c.ranked(), budget);
    Set<String> pinnedIds = ids(c.pinned());
    boolean seenRanked = false;
    for (RecalledItem item : packed.items()) {
      boolean isPinned = pinnedIds.contains(item.record().id());
      assertTrue(
          !isPinned || !seenRanked, "pinned " + item.record().id() + " after a ranked record");
      seenRanked |= !isPinned;
    }
  }

  @Property(tries = 150)
  void raisingTheBudgetNeverRemovesAPinnedItem(
      @ForAll("cases") Case c,
      @ForAll("packers") Packer packer,
      @ForAll @IntRange(min = 0, max = 8192) int budget,
      @ForAll @IntRange(min = 1, max = 2048) int raise) {
    Set<String> pinnedIds = ids(c.pinned());
    Set<String> before = injected(packer.pack(c.pinned(), c.ranked(), budget), pinnedIds);
    Set<String> after = injected(packer.pack(c.pinned(), c.ranked(), budget + raise), pinnedIds);
    assertTrue(
        after.containsAll(before),
        "budget " + budget + ": " + before + ", budget " + (budget + raise) + ": " + after);
  }

  @Property(tries = 50)
  void outputIsDeterministic(
      @ForAll("cases") Case c,
      @ForAll("packers") Packer packer,
      @ForAll @IntRange(min = 0, max = 8192) int budget) {
    assertEquals(
        packer.pack(c.pinned(), c.ranked(), budget), packer.pack(c.pinned(), c.ranked(), budget));
    Packer fresh = Packer.builder(packer.counter()).renderer(packer.renderer()).build();
    assertEquals(
        fresh.pack(c.pinned(), c.ranked(), budget), fresh.pack(c.pinned(), c.ranked(), budget));
  }

  @Property(tries = 100)
  void membersOfAGroupAreRenderedTogether(
      @ForAll("cases") Case c,
      @ForAll("packers") Packer packer,
      @ForAll @IntRange(min = 0, max = 8192) int budget) {
    PackedContext packed = packer.pack(c.pinned(), c.ranked(), budget);
    Set<String> pinnedIds = ids(c.pinned());
    Set<String> closed = new HashSet<>();
    String previous = null;
    for (RecalledItem item : packed.items()) {
      ScoredRecord scored = new ScoredRecord(item.record(), ScoreBreakdown.pinned(1));
      boolean pinned = pinnedIds.contains(item.record().id());
      String key =
          packer
              .renderer()
              .groupKey(
                  new Renderer.Entry(
                      scored,
                      Section.of(item.record(), pinned),
                      pinned,
                      item.record().content(),
                      false));
      String group = key == null ? null : item.section() + "\u0000" + key;
      if (group != null && !group.equals(previous)) {
        assertTrue(closed.add(group), "group " + group + " interrupted:\n" + packed.context());
      }
      previous = group;
    }
  }

  private static Set<String> injected(PackedContext packed, Set<String> pinnedIds) {
    Set<String> out = new HashSet<>();
    packed.items().stream().map(i -> i.record().id()).filter(pinnedIds::contains).forEach(out::add);
    return out;
  }

  private static Set<String> ids(List<ScoredRecord> records) {
    Set<String> out = new HashSet<>();
    records.forEach(r -> out.add(r.id()));
    return out;
  }

  static Case randomCase(long seed) {
    Random random = new Random(seed);
    int pinnedCount = random.nextInt(5);
    int rankedCount = random.nextInt(40);
    List<ScoredRecord> pinned = new ArrayList<>();
    for (int i = 0; i < pinnedCount; i++) {
      Kind kind = KINDS[random.nextInt(3)];
      int maxWords = kind.equals(Kind.IDENTITY) ? 60 : 400;
      MemoryRecord r = base(random, "p" + i, Silo.MEMORY, kind, maxWords).build();
      pinned.add(new ScoredRecord(r, ScoreBreakdown.pinned(1)));
    }
    List<ScoredRecord> ranked = new ArrayList<>();
    double score = 1.0;
    for (int i = 0; i < rankedCount; i++) {
      Silo silo = Silo.values()[random.nextInt(3)];
      Kind kind =
          silo == Silo.MEMORY ? KINDS[2 + random.nextInt(KINDS.length - 2)] : Kind.defaultFor(silo);
      MemoryRecord.Builder b = base(random, "r" + i, silo, kind, 400);
      if (silo == Silo.RAG) {
        b.origin(new Origin("docs/file" + random.nextInt(5) + ".md", random.nextInt(20), 0));
      }
      score -= random.nextDouble() * 0.05;
      // Occasionally repeat an earlier id or content to exercise duplicates.
      if (i > 0 && random.nextInt(15) == 0) {
        ranked.add(ranked.get(random.nextInt(ranked.size())));
      } else {
        ranked.add(Fixtures.scored(b.build(), score));
      }
    }
    return new Case(pinned, ranked);
  }

  private static MemoryRecord.Builder base(
      Random random, String id, Silo silo, Kind kind, int maxWords) {
    MemoryRecord.Builder b =
        Fixtures.record(id, silo, kind, text(random, 1 + random.nextInt(maxWords), 1000));
    int titled = random.nextInt(6);
    if (titled < 2) {
      b.title(text(random, 1 + random.nextInt(6), 80));
    } else if (titled < 4) {
      b.title(SHARED_TITLES[random.nextInt(SHARED_TITLES.length)]); // so that records form groups
    }
    if (random.nextInt(4) == 0) {
      b.summary(text(random, 1 + random.nextInt(20), 200));
    }
    return b;
  }

  private static String text(Random random, int words, int maxChars) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < words; i++) {
      out.append(WORDS[random.nextInt(WORDS.length)]);
      int p = random.nextInt(20);
      out.append(p == 0 ? ". " : p == 1 ? "\n" : p == 2 ? "。" : " ");
    }
    String s = out.toString().strip();
    if (s.length() > maxChars) {
      int cut = Character.isLowSurrogate(s.charAt(maxChars)) ? maxChars - 1 : maxChars;
      s = s.substring(0, cut).strip();
    }
    return s.isEmpty() ? "x" : s;
  }
}
