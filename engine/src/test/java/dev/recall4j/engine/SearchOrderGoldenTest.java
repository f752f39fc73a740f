package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.Scope;
import dev.recall4j.core.ScoredRecord;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Tier;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 32, item 1: a search is relevance order, pinned records ranked like any other; a recall
 * still injects the pinned records first. Fixed records in the shape the issue met (pinned {@code
 * MEMORY.md} bullets that share a word with the query, a daily log that answers it), a fixed clock,
 * lexical only, so the expected orders are exact.
 */
class SearchOrderGoldenTest {
  private static final Instant NOW = Instant.parse("2026-11-01T12:00:00Z");
  private static final Scope SCOPE = Scope.of("alice");
  private static final String QUERY = "kafka consumer lag";

  @TempDir Path workspace;
  private RecallEngine engine;

  @BeforeEach
  void open() throws IOException {
    engine =
        RecallEngine.open(
            EngineConfig.builder(workspace).embedderProvider(EmbedderProvider.NONE).build(),
            null,
            Clock.fixed(NOW, ZoneOffset.UTC));
    engine.saveAll(
        List.of(
            record("pin-bus", Kind.PROJECT_FACT, Tier.PINNED, "Kafka is the team's message bus."),
            record(
                "pin-contracts",
                Kind.USER_PREFERENCE,
                Tier.PINNED,
                "The user prefers consumer-driven contract tests over end-to-end suites."),
            record(
                "pin-profile",
                Kind.WORKSPACE_PROFILE,
                Tier.PINNED,
                "Workspace orders: a Java service, reviewed daily so that nothing may lag."),
            record(
                "log-fix",
                Kind.TOOL_USE,
                Tier.ACTIVE,
                "Kafka consumer lag on the orders topic: fixed by raising max.poll.records; the"
                    + " consumer lag fell from 40k to 200."),
            record(
                "log-alert",
                Kind.OBSERVATION,
                Tier.ACTIVE,
                "The consumer lag alert fires when the Kafka lag stays over 10k for five minutes."),
            record(
                "tea", Kind.USER_PREFERENCE, Tier.ACTIVE, "The user drinks green tea at nine.")));
  }

  @org.junit.jupiter.api.AfterEach
  void close() throws IOException {
    engine.close();
  }

  private static MemoryRecord record(String id, Kind kind, Tier tier, String content) {
    return MemoryRecord.builder()
        .id(id)
        .silo(Silo.MEMORY)
        .kind(kind)
        .tier(tier)
        .scope(SCOPE)
        .content(content)
        .build(NOW.minusSeconds(86_400));
  }

  @Test
  void searchRanksPinnedRecordsByScoreLikeAnyOther() {
    List<ScoredRecord> found =
        engine.search(RecallRequest.builder(QUERY).scope(SCOPE).build(), Teams.NONE, 10).items();
    assertEquals(
        List.of("log-fix", "log-alert", "pin-bus", "pin-contracts", "pin-profile"),
        found.stream().map(ScoredRecord::id).toList());
    for (int i = 1; i < found.size(); i++) {
      assertEquals(
          true, found.get(i - 1).finalScore() >= found.get(i).finalScore(), "best first: " + found);
    }
  }

  @Test
  void recallStillInjectsPinnedRecordsFirst() {
    List<String> injected =
        engine
            .recall(RecallRequest.builder(QUERY).scope(SCOPE).budgetTokens(2_000).build())
            .items()
            .stream()
            .map(i -> i.record().id())
            .toList();
    assertEquals(
        List.of("pin-profile", "pin-bus", "pin-contracts", "log-fix", "log-alert"), injected);
  }
}
