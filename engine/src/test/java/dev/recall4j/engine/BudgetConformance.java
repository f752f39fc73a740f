package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.budget.TokenCounters;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.RecallResult;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Tier;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The budget is never exceeded, on an engine over the store under test: the rendered block of a
 * recall counts at most the budget's tokens (cl100k), whatever the budget, the renderer, the
 * records the store returns and the links followed.
 */
public abstract class BudgetConformance extends StoreSuite {
  private static final List<String> RENDERERS = List.of("grouped", "xml", "display", "json");

  @TempDir Path workspace;

  private RecallEngine open(boolean links) throws IOException {
    EngineConfig config =
        EngineConfig.builder(workspace)
            .embedderProvider(EmbedderProvider.NONE)
            .statsEnabled(false)
            .linkExpansion(links)
            .store(newStore())
            .build();
    return RecallEngine.open(config, new HashingEmbedder(16), RecallEngineTest.CLOCK);
  }

  @Test
  void theRenderedBlockNeverExceedsTheBudget() throws IOException {
    try (RecallEngine engine = open(false)) {
      engine.saveAll(RecallEngineTest.threeSilos());
      for (int budget : new int[] {0, 1, 5, 17, 40, 80, 160, 1000}) {
        RecallResult result =
            engine.recall(
                RecallRequest.builder("NullPointerException station blank")
                    .scope(RecallEngineTest.SCOPE)
                    .budgetTokens(budget)
                    .build());
        assertWithin(budget, result);
      }
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource(SEEDS)
  void noBudgetRendererOrLinkMakesTheBlockExceedIt(long seed) throws IOException {
    Random random = new Random(seed);
    try (RecallEngine engine = open(random.nextBoolean())) {
      List<MemoryRecord> corpus = new ArrayList<>();
      for (int i = 0; i < 40; i++) {
        MemoryRecord r = LinkIsolationConformance.randomRecord(i, random);
        // Long texts and pinned records, so that budgets truncate and the pinned share counts.
        corpus.add(
            r.toBuilder()
                .content((r.content() + " ").repeat(1 + random.nextInt(60)).strip())
                .tier(random.nextInt(6) == 0 ? Tier.PINNED : r.tier())
                .build());
      }
      engine.importAll(corpus);
      for (int q = 0; q < 8; q++) {
        int budget = random.nextInt(4) == 0 ? random.nextInt(20) : random.nextInt(3000);
        RecallRequest request =
            RecallRequest.builder(
                    IsolationConformance.pick(random, IsolationConformance.WORDS)
                        + " "
                        + IsolationConformance.pick(random, IsolationConformance.WORDS))
                .scope(Scope.of(IsolationConformance.pick(random, List.of("a", "b", "c"))))
                .allProjects(true)
                .includeArchived(random.nextBoolean())
                .render(IsolationConformance.pick(random, RENDERERS))
                .budgetTokens(budget)
                .deadline(Duration.ofSeconds(30))
                .build();
        assertWithin(budget, engine.recall(request, Teams.of("x", "y")));
      }
    }
  }

  private static void assertWithin(int budget, RecallResult result) {
    int used = TokenCounters.cl100k().count(result.context());
    assertTrue(used <= budget, "budget " + budget + ", used " + used + ": " + result.context());
  }
}
