package dev.recall4j.budget;

import java.util.ArrayList;
import java.util.List;

/**
 * The block one pack builds: the entries taken so far, in the order taken, and the tokens their
 * estimates add up to, with the ledgers that taking an entry updates (duplicates, the identity cap,
 * quotas, groups). Mutable; one per pack, confined to the calling thread.
 */
final class Block {
  private final int limit;
  private final BlockCosts costs;
  private final PackLog log = new PackLog();
  private final Dedup dedup = new Dedup(log);
  private final IdentityCap identity;
  private final Quotas quotas;
  private final Groups groups;
  private final List<Choice> chosen = new ArrayList<>();
  private final int[] sectionItems = new int[Section.values().length];
  private int used;

  /**
   * @param limit the usable budget, in tokens
   */
  Block(int limit, BlockCosts costs, int identityMaxChars, Quotas quotas) {
    this.limit = limit;
    this.costs = costs;
    this.identity = new IdentityCap(identityMaxChars, log);
    this.quotas = quotas;
    this.groups = new Groups(costs);
  }

  int limit() {
    return limit;
  }

  /** The usable budget less the estimates of what is taken; negative once over. */
  int left() {
    return limit - used;
  }

  /** Tokens an entry of this section adds besides its own line: frame or separator, and header. */
  int overhead(Section section) {
    return (chosen.isEmpty() ? costs.frame() : costs.separator())
        + (sectionItems[section.ordinal()] == 0 ? costs.header(section) : 0);
  }

  /**
   * Takes an entry whose line (a member's line when its group exists) costs {@code tokens}; {@code
   * overhead} is what else it adds: frame or separator, section header, group header. A ranked
   * entry is charged to its quotas and may join a {@code group} (null: none).
   */
  void take(Renderer.Entry entry, int tokens, int overhead, boolean ranked, String group) {
    boolean member = group != null && groups.join(group, chosen);
    chosen.add(new Choice(entry, tokens, chosen.size(), group, member));
    identity.taken(entry);
    used += overhead;
    sectionItems[entry.section().ordinal()]++;
    charge(entry, tokens, ranked);
    dedup.taken(entry.scored());
  }

  /** Adds an entry's tokens (or the growth of its line) to the block and, if ranked, its quotas. */
  void charge(Renderer.Entry entry, int tokens, boolean ranked) {
    used += tokens;
    if (ranked) {
      quotas.charge(entry, tokens);
    }
  }

  /** The entries taken, in the order taken; the later steps rewrite and remove them in place. */
  List<Choice> chosen() {
    return chosen;
  }

  PackLog log() {
    return log;
  }

  Dedup dedup() {
    return dedup;
  }

  IdentityCap identity() {
    return identity;
  }

  Quotas quotas() {
    return quotas;
  }

  Groups groups() {
    return groups;
  }
}
