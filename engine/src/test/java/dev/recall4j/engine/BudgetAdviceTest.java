package dev.recall4j.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.engine.BudgetAdvice.Suggestion;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BudgetAdviceTest {
  static List<SessionStats> sessions(
      int n, int budget, int injected, int compressed, Double speed) {
    List<SessionStats> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(new SessionStats("s" + i, budget, injected, i < compressed, speed));
    }
    return out;
  }

  @Test
  void needsTenSessions() {
    BudgetAdvice advice = BudgetAdvice.of(sessions(9, 512, 510, 0, null), 0.25);
    assertEquals(Suggestion.NOT_ENOUGH_DATA, advice.suggestion());
    assertEquals(
        List.of("Budget advice: 9 sessions recorded; advice needs at least 10"), advice.lines());
  }

  @Test
  void saturatedBudgetSuggestsRaisingTheShare() {
    BudgetAdvice advice = BudgetAdvice.of(sessions(12, 512, 476, 0, 8.0), 0.25);
    assertEquals(Suggestion.RAISE_SHARE, advice.suggestion());
    assertEquals(
        List.of(
            "Budget advice: avg utilisation 93% over last 12 sessions - consider raising budget.share to 0.35"),
        advice.lines());
  }

  @Test
  void adviceNamesTheSettingAsTheAgentsFileSpellsIt(@TempDir Path dir) throws IOException {
    Path agent = Files.writeString(dir.resolve("harvey.yaml"), "memory:\n  budget_pct: 0.25\n");
    BudgetSettings budget = ConfigFile.read(agent).budget();
    assertEquals("memory.budget_pct", budget.shareKey());
    BudgetAdvice advice =
        BudgetAdvice.of(sessions(12, 512, 476, 0, 8.0), budget.share(), budget.shareKey());
    assertEquals(
        List.of(
            "Budget advice: avg utilisation 93% over last 12 sessions - consider raising memory.budget_pct to 0.35"),
        advice.lines());
    // recall4j's own spelling wins when both are there, and is what advice names then.
    Files.writeString(agent, "memory:\n  budget_pct: 0.25\n  budget: {share: 0.3}\n");
    assertEquals("memory.budget.share", ConfigFile.read(agent).budget().shareKey());
  }

  @Test
  void saturatedAndSlowSuggestsLoweringTheShareAndLexicalRecall() {
    BudgetAdvice advice = BudgetAdvice.of(sessions(10, 512, 500, 0, 1.5), 0.25);
    assertEquals(Suggestion.LOWER_SHARE, advice.suggestion());
    assertEquals(0.15, advice.suggestedShare());
    assertTrue(
        advice.lines().get(0).contains("at 1.5 tokens/s")
            && advice.lines().get(0).contains("lexical recall"),
        advice.lines().toString());
  }

  @Test
  void slowButNotSaturatedAndFrequentCompressionAreOnlyInformational() {
    BudgetAdvice advice = BudgetAdvice.of(sessions(12, 512, 312, 7, 1.0), 0.25);
    assertEquals(Suggestion.KEEP, advice.suggestion());
    assertEquals(
        List.of(
            "Budget advice: avg utilisation 61% over last 12 sessions - current setting looks good",
            "Budget advice: compression fired in 58% of sessions; informational, compression is working as intended"),
        advice.lines());
  }

  @Test
  void onlyTheMostRecentWindowCounts() {
    List<SessionStats> recentFirst =
        new ArrayList<>(sessions(BudgetAdvice.WINDOW, 512, 100, 0, null));
    recentFirst.addAll(sessions(500, 512, 512, 0, null));
    BudgetAdvice advice = BudgetAdvice.of(recentFirst, 0.25);
    assertEquals(BudgetAdvice.WINDOW, advice.sessions());
    assertEquals(Suggestion.KEEP, advice.suggestion());
  }

  @Property
  void adviceNeverDependsOnOrderWithinTheWindowAndStaysInRange(
      @ForAll @Size(min = 10, max = 60) List<@IntRange(min = 0, max = 1000) Integer> injected,
      @ForAll @DoubleRange(min = 0.05, max = 1.0) double share) {
    List<SessionStats> sessions = new ArrayList<>();
    for (int i = 0; i < injected.size(); i++) {
      sessions.add(
          new SessionStats("s" + i, 1000, injected.get(i), i % 3 == 0, i % 2 == 0 ? 1.0 : 30.0));
    }
    BudgetAdvice advice = BudgetAdvice.of(sessions, share);
    List<SessionStats> reversed = new ArrayList<>(sessions);
    Collections.reverse(reversed);
    BudgetAdvice other = BudgetAdvice.of(reversed, share);
    assertEquals(advice.suggestion(), other.suggestion());
    assertEquals(advice.suggestedShare(), other.suggestedShare());
    assertTrue(
        advice.suggestedShare() > 0 && advice.suggestedShare() <= 1,
        "share " + advice.suggestedShare());
    if (advice.suggestion() == Suggestion.KEEP) {
      assertEquals(share, advice.suggestedShare(), "advice to keep never moves the share");
    }
  }
}
