package dev.recall4j.budget;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Ranked records that share the renderer's {@link Renderer#groupKey group key} within a section
 * (the default renderers: the same kind and title, as the turns of one conversation session share
 * their date) are rendered as one group: the group's header once, then each member's line, right
 * after the group's first member taken. So a member costs its member line, and the second member
 * also the header less what the first one's line stops repeating. One per pack; the choices it
 * reads and rewrites are the block's.
 */
final class Groups {
  private final BlockCosts costs;
  // Group (section and renderer's group key) -> index in the choices of its first member.
  private final Map<String, Integer> first = new HashMap<>();
  private final Map<String, Integer> size = new HashMap<>();

  Groups(BlockCosts costs) {
    this.costs = costs;
  }

  /** The group an entry would join or open: its section and the renderer's key; null if none. */
  String of(Renderer.Entry entry) {
    String key = costs.renderer().groupKey(entry);
    return key == null ? null : entry.section().ordinal() + "\u0000" + key;
  }

  /** Whether an entry of this group (null: none) would join a group already taken. */
  boolean joins(String group) {
    return group != null && first.containsKey(group);
  }

  /**
   * What joining a taken group adds besides the member's own line: for the second member, the group
   * header less what the first member's line stops repeating; nothing for later members.
   */
  int joinCost(String group, List<Choice> chosen) {
    if (size.get(group) > 1) {
      return 0;
    }
    Choice opener = chosen.get(first.get(group));
    return costs.counter().count(costs.renderer().groupHeader(opener.entry()))
        + costs.member(opener.entry())
        - opener.tokens();
  }

  /**
   * Enters the next choice (at the end of {@code chosen}) in its group; true when it joins one
   * already taken, whose first line then becomes a member's (joinCost charged the difference).
   */
  boolean join(String group, List<Choice> chosen) {
    Integer opener = first.putIfAbsent(group, chosen.size());
    if (opener != null && size.get(group) == 1) {
      Choice line = chosen.get(opener);
      chosen.set(opener, line.with(line.entry(), costs.member(line.entry()), true));
    }
    size.merge(group, 1, Integer::sum);
    return opener != null;
  }

  /** After removals: a member left alone in its group is rendered, so counted, as a plain line. */
  void ungroupSingles(List<Choice> chosen) {
    Map<String, Integer> sizes = new HashMap<>();
    chosen.stream()
        .filter(c -> c.group() != null)
        .forEach(c -> sizes.merge(c.group(), 1, Integer::sum));
    for (int i = 0; i < chosen.size(); i++) {
      Choice c = chosen.get(i);
      if (c.member() && sizes.get(c.group()) == 1) {
        chosen.set(i, c.with(c.entry(), costs.shown(c.entry(), false), false));
      }
    }
  }

  /**
   * The choices as rendered: section order, then the order taken, a group's members following the
   * first one taken; so pinned (by priority, never grouped) before ranked (by rank, then group).
   */
  static List<Choice> inRenderOrder(List<Choice> chosen) {
    Map<String, Integer> anchors = new HashMap<>();
    chosen.stream()
        .filter(c -> c.group() != null)
        .forEach(c -> anchors.merge(c.group(), c.order(), Math::min));
    List<Choice> ordered = new ArrayList<>(chosen);
    ordered.sort(
        Comparator.comparingInt((Choice c) -> c.entry().section().ordinal())
            .thenComparingInt(c -> c.group() == null ? c.order() : anchors.get(c.group()))
            .thenComparingInt(Choice::order));
    return ordered;
  }
}
