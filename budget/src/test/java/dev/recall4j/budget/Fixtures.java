package dev.recall4j.budget;

import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Origin;
import dev.recall4j.core.ScoreBreakdown;
import dev.recall4j.core.ScoredRecord;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Tier;
import dev.recall4j.core.TokenCounter;
import java.time.Instant;
import java.util.Map;

/** Small builders for test records. */
final class Fixtures {
  static final Instant T0 = Instant.parse("2025-01-01T00:00:00Z");

  /**
   * Words of prose, code, numbers and other scripts (contractions, CJK, Cyrillic, emoji sequences,
   * URLs): the texts that property tests build for the counters and the packer.
   */
  static final String[] MIXED_WORDS = {
    "the",
    "memory",
    "agent",
    "packs",
    "context",
    "into",
    "a",
    "budget",
    "Lucene",
    "index",
    "HNSW",
    "vectors",
    "BM25",
    "recall",
    "getTokenCount()",
    "x",
    "=",
    "42;",
    "3.14159",
    "e.g.",
    "über",
    "naïve",
    "记忆",
    "系统很重要",
    "Привет",
    "мир",
    "🙂",
    "👩‍💻",
    "🚀🚀",
    "—",
    "«quoted»",
    "\"json\"",
    "\\path\\",
    "{",
    "}",
    "<tag>",
    "https://example.org/a?b=c",
    "UPPERCASE",
    "snake_case_name",
    "\t",
    "it's",
    "we'll",
    "1234567",
    "CamelCaseWord",
    "...",
  };

  /** One token per character: costs that a test can add up by hand. */
  static final TokenCounter CHARS = new Chars();

  /** One token per character, and how often it was asked. */
  static final class Chars implements TokenCounter {
    int calls;

    @Override
    public String name() {
      return "chars";
    }

    @Override
    public int count(String text) {
      calls++;
      return text.length();
    }
  }

  private Fixtures() {}

  /** The costs of the default renderer ({@code [memory context]}) with a cache of their own. */
  static BlockCosts costs(TokenCounter counter) {
    return new BlockCosts(counter, Renderers.memoryContext(), new TokenCountCache(100));
  }

  /** An empty block of this usable budget: the default identity cap, no quotas. */
  static Block block(int limit, BlockCosts costs) {
    return new Block(
        limit,
        costs,
        MemoryRecord.IDENTITY_MAX_CHARS,
        new Quotas(Map.of(), Map.of(), Map.of(), limit));
  }

  static MemoryRecord.Builder record(String id, Silo silo, Kind kind, String content) {
    return MemoryRecord.builder().id(id).silo(silo).kind(kind).content(content).created(T0);
  }

  static ScoredRecord scored(MemoryRecord record, double score) {
    return new ScoredRecord(
        record, new ScoreBreakdown(1, score, 0, Double.NaN, score, 1, 1, 1, score));
  }

  static ScoredRecord pinned(String id, Kind kind, String content) {
    MemoryRecord r = record(id, Silo.MEMORY, kind, content).tier(Tier.PINNED).build();
    return new ScoredRecord(r, ScoreBreakdown.pinned(1.0));
  }

  static ScoredRecord memory(String id, Kind kind, String title, String content, double score) {
    return scored(record(id, Silo.MEMORY, kind, content).title(title).build(), score);
  }

  static ScoredRecord chunk(String id, String path, int chunk, String content, double score) {
    return scored(
        record(id, Silo.RAG, Kind.RAG_CHUNK, content).origin(new Origin(path, chunk, 0)).build(),
        score);
  }

  /** A text of {@code sentences} sentences of about ten words each. */
  static String sentences(int sentences) {
    return sentences("Sentence", sentences);
  }

  /** The same, each sentence starting with {@code word} so that texts differ. */
  static String sentences(String word, int sentences) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < sentences; i++) {
      out.append(word)
          .append(" number ")
          .append(i)
          .append(" talks about packing context into a small window. ");
    }
    return out.toString().strip();
  }
}
