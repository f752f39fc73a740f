package dev.recall4j.budget;

import static dev.recall4j.budget.Fixtures.CHARS;
import static dev.recall4j.budget.Fixtures.memory;
import static dev.recall4j.budget.Fixtures.pinned;
import static dev.recall4j.budget.Fixtures.record;
import static dev.recall4j.budget.Fixtures.scored;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.recall4j.core.Kind;
import dev.recall4j.core.Silo;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class GroupsTest {
  private static final BlockCosts COSTS = Fixtures.costs(CHARS);
  private static final Renderer.Entry FIRST = turn("a", "8 May", "Hi.");
  private static final Renderer.Entry SECOND = turn("c", "8 May", "How was it?");
  private static final Renderer.Entry OTHER_DAY = turn("b", "9 May", "Bye.");

  private static Renderer.Entry turn(String id, String title, String text) {
    return Renderer.Entry.of(memory(id, Kind.TOOL_USE, title, text, 0.5), false);
  }

  private static Renderer.Entry titled(Silo silo, Kind kind) {
    return Renderer.Entry.of(scored(record("x", silo, kind, "Text.").title("T").build(), 1), false);
  }

  @Test
  void aGroupIsTheSectionAndTheRenderersKey() {
    Groups groups = new Groups(COSTS);
    assertEquals(groups.of(FIRST), groups.of(SECOND));
    assertNotEquals(groups.of(FIRST), groups.of(OTHER_DAY));
    assertNull(groups.of(Renderer.Entry.of(memory("u", Kind.TOOL_USE, null, "Hi.", 1), false)));
    assertNull(groups.of(Renderer.Entry.of(pinned("p", Kind.TOOL_USE, "Hi."), true)));
    Renderer.Entry fact = titled(Silo.MEMORY, Kind.PROJECT_FACT);
    Renderer.Entry observation = titled(Silo.KB, Kind.OBSERVATION);
    assertEquals(COSTS.renderer().groupKey(fact), COSTS.renderer().groupKey(observation));
    assertNotEquals(groups.of(fact), groups.of(observation), "one key, two sections");
  }

  @Test
  void theSecondMemberPaysTheHeaderLessWhatTheFirstLineStopsRepeating() {
    Groups groups = new Groups(COSTS);
    List<Choice> chosen = new ArrayList<>();
    String group = groups.of(FIRST);
    assertFalse(groups.joins(group));
    assertFalse(groups.join(group, chosen));
    chosen.add(new Choice(FIRST, COSTS.full(FIRST, false), 0, group, false));
    assertTrue(groups.joins(group));
    assertFalse(groups.joins(null));

    int header = "- tool_use: 8 May:\n".length();
    int firstAsItem = "- tool_use: 8 May. Hi.\n".length();
    int firstAsMember = "  - Hi.\n".length();
    assertEquals(header + firstAsMember - firstAsItem, groups.joinCost(group, chosen));
    assertTrue(groups.join(group, chosen));
    assertEquals(new Choice(FIRST, firstAsMember, 0, group, true), chosen.get(0));

    chosen.add(new Choice(SECOND, COSTS.full(SECOND, true), 1, group, true));
    assertEquals(0, groups.joinCost(group, chosen), "a third member pays its line only");
  }

  @Test
  void aMemberLeftAloneIsCountedAsAPlainLineAgain() {
    String group = new Groups(COSTS).of(FIRST);
    List<Choice> chosen = new ArrayList<>();
    chosen.add(new Choice(FIRST, "  - Hi.\n".length(), 0, group, true));
    chosen.add(new Choice(OTHER_DAY, COSTS.full(OTHER_DAY, false), 1, null, false));
    new Groups(COSTS).ungroupSingles(chosen);
    assertEquals(
        new Choice(FIRST, "- tool_use: 8 May. Hi.\n".length(), 0, group, false), chosen.get(0));
    assertEquals(COSTS.full(OTHER_DAY, false), chosen.get(1).tokens());
  }

  @Test
  void membersFollowTheFirstTakenAndSectionsComeInTheirOrder() {
    Renderer.Entry doc = titled(Silo.RAG, Kind.RAG_CHUNK);
    Renderer.Entry pin = Renderer.Entry.of(pinned("p", Kind.PROJECT_FACT, "Pinned."), true);
    List<Choice> chosen =
        List.of(
            new Choice(FIRST, 1, 0, "day 8", true),
            new Choice(doc, 1, 1, null, false),
            new Choice(OTHER_DAY, 1, 2, "day 9", false),
            new Choice(SECOND, 1, 3, "day 8", true),
            new Choice(pin, 1, 4, null, false));
    List<Integer> order = Groups.inRenderOrder(chosen).stream().map(Choice::order).toList();
    assertEquals(List.of(4, 0, 3, 2, 1), order);
  }
}
