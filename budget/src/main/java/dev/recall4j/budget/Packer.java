package dev.recall4j.budget;

import dev.recall4j.core.Checks;
import dev.recall4j.core.DropReason;
import dev.recall4j.core.DroppedItem;
import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecalledItem;
import dev.recall4j.core.ScoredRecord;
import dev.recall4j.core.TokenCounter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Packs ranked records into a token budget: the most useful context that fits, never a token more.
 *
 * <p><b>Contract.</b> For every input, {@code counter.count(result.context()) <= budgetTokens}: the
 * final rendered string, headers, labels, line breaks and truncation markers included, is counted
 * with the configured counter before it is returned. Budget 0 gives the empty string. Output is a
 * pure function of the inputs and the settings. Immutable and thread-safe; the token-count cache it
 * holds is thread-safe.
 *
 * <p><b>Algorithm.</b>
 *
 * <ol>
 *   <li>The usable budget is {@code floor(budgetTokens / (1 + safetyMargin))}: the margin covers a
 *       counter that is only an estimate of the target model's tokenizer.
 *   <li>Pinned records, in the given (priority) order, may take at most {@code pinnedShare} of the
 *       usable budget together. The first that does not fit is shortened (its summary, else a cut
 *       at a sentence boundary) and every later one is left out, each with a warning; so raising
 *       the budget never removes a pinned record.
 *   <li>Ranked records, best first: a record under {@code minScore} is dropped, a record whose
 *       content was already taken is a duplicate; a record that fits (including the section header
 *       it opens) is taken; one that does not is replaced by its summary when that fits, else cut
 *       at a sentence boundary with the marker {@code " […]"} when that shows at least {@code
 *       minCutTokens} of its own text; otherwise it is skipped and the next, smaller ones are
 *       tried. While more candidates follow, one record's line may take at most {@code
 *       maxItemShare} of the usable budget (never less than {@code minCutTokens}): a long record is
 *       shortened the same way rather than fill the block alone. Per-section and per-kind quotas
 *       cap the tokens of ranked items. A sentence cut that would show less than {@code
 *       minCutTokens} gives way to a word cut. A kind share ({@link Builder#kindShare}) caps a
 *       kind's ranked lines at that share of the usable budget, whatever the budget is.
 *   <li>The L0 identity ({@code kind: identity}) may take {@code identityMaxChars} characters in
 *       total (1,000 by default, {@link MemoryRecord#IDENTITY_MAX_CHARS}): one identity record is
 *       capped at write time, and several together here, the one that crosses the cap cut at a
 *       sentence boundary, those after it left out, each with a warning.
 *   <li>A ranked record that shares the renderer's {@link Renderer#groupKey group key} with one
 *       already taken (the default renderers: the same kind and title, as the turns of one
 *       conversation session share their date) joins that group: it is rendered right after the
 *       group's other members, under one header, and costs its member line (plus, for the second
 *       member, the header less what the first member's line stops repeating). So the block shows
 *       the date once per session instead of once per turn.
 *   <li>Room still left at the end goes back to the shortened ranked records, best first: each is
 *       shown in full, or cut longer, as far as the room allows.
 *   <li>The block is rendered in section order (pinned first within a section; a group where its
 *       best record ranks) and counted exactly; should the sum of the item estimates have been low,
 *       the last-taken ranked records (then pinned, last first) are removed until it fits.
 * </ol>
 *
 * <p>Each record's line is counted once per pack and the count is cached across packs, keyed by the
 * counter, the renderer, the record's content hash and its line frame.
 */
public final class Packer {
  private static final Logger LOG = LoggerFactory.getLogger(Packer.class);

  /** Share of the usable budget pinned records may take together by default. */
  public static final double DEFAULT_PINNED_SHARE = 0.5;

  /**
   * The fewest tokens of a record's own text (its title, labels and the marker not counted) worth
   * cutting it into, by default: about two sentences.
   */
  public static final int DEFAULT_MIN_CUT_TOKENS = 32;

  /**
   * The share of the usable budget one ranked record may take while more candidates follow, by
   * default. A single 500-token chunk would otherwise be the whole of a 512-token block: on
   * SciFact, where the best-ranked abstract is the relevant one for about half of the questions,
   * showing the head of the next one as well reaches more relevant documents (docs/RESULTS.md,
   * "Budget-aware recall").
   */
  public static final double DEFAULT_MAX_ITEM_SHARE = 0.5;

  /** Token counts kept by a packer's own cache. */
  public static final int DEFAULT_CACHE_ENTRIES = 10_000;

  // What fullCost returns for a line known to be longer than the room, without its exact count.
  private static final int OVER = -1;

  // A token rarely spans more characters than this; it bounds the text scanned for a cut.
  private static final int MAX_CHARS_PER_TOKEN = 16;

  private final TokenCounter counter;
  private final Renderer renderer;
  private final double pinnedShare;
  private final double maxItemShare;
  private final double minScore;
  private final double safetyMargin;
  private final int minCutTokens;
  private final Map<Section, Integer> sectionQuotas;
  private final Map<Kind, Integer> kindQuotas;
  private final Map<Kind, Double> kindShares;
  private final int identityMaxChars;
  private final TokenCountCache cache;
  private final int frameTokens;
  private final int separatorTokens;
  private final int[] headerTokens;

  private Packer(Builder b) {
    this.counter = b.counter;
    this.renderer = b.renderer;
    this.pinnedShare = b.pinnedShare;
    this.maxItemShare = b.maxItemShare;
    this.minScore = b.minScore;
    this.safetyMargin =
        b.safetyMargin != null ? b.safetyMargin : TokenCounters.defaultSafetyMargin(counter);
    this.minCutTokens = b.minCutTokens;
    this.sectionQuotas = Collections.unmodifiableMap(new EnumMap<>(b.sectionQuotas));
    this.kindQuotas = Map.copyOf(b.kindQuotas);
    this.kindShares = Map.copyOf(b.kindShares);
    this.identityMaxChars = b.identityMaxChars;
    this.cache = b.cache != null ? b.cache : new TokenCountCache(DEFAULT_CACHE_ENTRIES);
    this.frameTokens = counter.count(renderer.open()) + counter.count(renderer.close());
    this.separatorTokens = counter.count(renderer.separator());
    this.headerTokens = new int[Section.values().length];
    for (Section s : Section.values()) {
      headerTokens[s.ordinal()] = counter.count(renderer.sectionHeader(s));
    }
  }

  /** A builder counting with {@code counter}; every other setting has the documented default. */
  public static Builder builder(TokenCounter counter) {
    return new Builder(counter);
  }

  /**
   * Packs the candidates into {@code budgetTokens}.
   *
   * @param pinned records injected regardless of the query, highest priority first; not subject to
   *     {@code minScore} or quotas
   * @param ranked records recalled by relevance, best first (the order is kept, not re-sorted)
   * @param budgetTokens the most tokens the rendered context may take, >= 0
   * @return the rendered context, what was injected (in rendered order) and what was dropped and
   *     why
   * @throws IllegalArgumentException naming {@code budgetTokens} when negative, or a null argument
   */
  public PackedContext pack(
      List<ScoredRecord> pinned, List<ScoredRecord> ranked, int budgetTokens) {
    Checks.notNull(pinned, "pinned");
    Checks.notNull(ranked, "ranked");
    Checks.require(budgetTokens >= 0, "budgetTokens", "must be >= 0, got %d", budgetTokens);
    return new Run(budgetTokens).pack(pinned, ranked);
  }

  public TokenCounter counter() {
    return counter;
  }

  public Renderer renderer() {
    return renderer;
  }

  /** The safety margin in effect (the counter's default unless set). */
  public double safetyMargin() {
    return safetyMargin;
  }

  /** One packing: mutable state confined to the calling thread. */
  private final class Run {
    private final int budget;
    private final int limit;
    private final List<Choice> chosen = new ArrayList<>();
    private final List<DroppedItem> dropped = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private final Set<String> takenIds = new HashSet<>();
    private final Map<String, String> takenHashes = new HashMap<>();
    private final int[] sectionItems = new int[Section.values().length];
    private final int[] sectionQuotaUsed = new int[Section.values().length];
    private final Map<Kind, Integer> kindQuotaUsed = new HashMap<>();
    // Group (section and renderer's group key) -> index in chosen of its first member.
    private final Map<String, Integer> groupFirst = new HashMap<>();
    private final Map<String, Integer> groupSize = new HashMap<>();
    // Kind quotas in tokens for this budget: the absolute ones, lowered by the kind shares.
    private final Map<Kind, Integer> kindLimits = new HashMap<>(kindQuotas);
    private int used;
    private int identityCharsLeft = identityMaxChars;

    Run(int budget) {
      this.budget = budget;
      this.limit = (int) Math.floor(budget / (1 + safetyMargin));
      kindShares.forEach(
          (kind, share) -> kindLimits.merge(kind, (int) Math.floor(share * limit), Math::min));
    }

    PackedContext pack(List<ScoredRecord> pinned, List<ScoredRecord> ranked) {
      packPinned(pinned);
      packRanked(ranked);
      return finish();
    }

    private void packPinned(List<ScoredRecord> pinned) {
      int cap = (int) Math.floor(pinnedShare * limit);
      int pinnedUsed = 0;
      boolean capReached = false;
      for (ScoredRecord candidate : pinned) {
        Checks.notNull(candidate, "pinned");
        if (isDuplicate(candidate)) {
          continue;
        }
        if (capReached) {
          drop(candidate, DropReason.BUDGET, "the pinned cap of " + cap + " tokens is used");
          warnings.add(
              "pinned record "
                  + candidate.id()
                  + " left out: the pinned cap of "
                  + cap
                  + " tokens is used");
          continue;
        }
        Renderer.Entry full = withinIdentityCap(candidate, true);
        if (full == null) {
          continue;
        }
        int overhead = overhead(full.section());
        int room = Math.min(cap - pinnedUsed, limit - used) - overhead;
        int cost = fullCost(full, false);
        if (cost <= room) {
          take(full, cost, overhead, false, null);
          pinnedUsed += overhead + cost;
          continue;
        }
        capReached = true;
        Fitted shorter = shorten(full, room, false);
        if (shorter != null) {
          take(shorter.entry, shorter.tokens, overhead, false, null);
          pinnedUsed += overhead + shorter.tokens;
          warnings.add(
              String.format(
                  Locale.ROOT,
                  "pinned record %s truncated from %d to %d tokens to fit the pinned cap of %d tokens",
                  candidate.id(),
                  cost,
                  shorter.tokens,
                  cap));
        } else {
          drop(candidate, DropReason.BUDGET, needs(cost, room));
          warnings.add(
              "pinned record "
                  + candidate.id()
                  + " left out: "
                  + needs(cost, room)
                  + " in the pinned cap");
        }
      }
    }

    private void packRanked(List<ScoredRecord> ranked) {
      int itemCap = Math.max(minCutTokens, (int) Math.floor(maxItemShare * limit));
      List<Integer> shortened = new ArrayList<>();
      for (int i = 0; i < ranked.size(); i++) {
        ScoredRecord candidate = ranked.get(i);
        Checks.notNull(candidate, "ranked");
        if (isDuplicate(candidate)) {
          continue;
        }
        if (candidate.finalScore() < minScore) {
          drop(
              candidate,
              DropReason.BELOW_THRESHOLD,
              String.format(
                  Locale.ROOT,
                  "score %.4f is below minScore %.4f",
                  candidate.finalScore(),
                  minScore));
          continue;
        }
        Renderer.Entry full = withinIdentityCap(candidate, false);
        if (full == null) {
          continue;
        }
        String group = groupOf(full);
        boolean member = group != null && groupFirst.containsKey(group);
        int overhead = member ? separatorTokens + joinCost(group) : overhead(full.section());
        int room = limit - used - overhead;
        int quota = quotaLeft(full);
        int max = Math.min(room, quota);
        if (max <= 0) {
          // Not even a bullet fits: decided without counting the record.
          drop(
              candidate,
              room <= 0 ? DropReason.BUDGET : DropReason.QUOTA,
              room <= 0 ? "no tokens left" : "no tokens left in its section or kind quota");
          continue;
        }
        int allowed = i < ranked.size() - 1 ? Math.min(max, itemCap) : max;
        int cost = fullCost(full, member, room);
        boolean fitsRoom = cost != OVER && cost <= room;
        if (fitsRoom && cost <= allowed) {
          take(full, cost, overhead, true, group);
          continue;
        }
        Fitted shorter = shorten(full, allowed, member);
        if (shorter != null) {
          shortened.add(chosen.size());
          take(shorter.entry, shorter.tokens, overhead, true, group);
        } else if (fitsRoom && cost <= max) {
          take(
              full, cost, overhead, true,
              group); // over the item cap but not shortenable: whole beats nothing
        } else if (fitsRoom) {
          drop(
              candidate,
              DropReason.QUOTA,
              "needs "
                  + cost
                  + " tokens, "
                  + Math.max(quota, 0)
                  + " left in its section or kind quota");
        } else {
          // Not the exact count even when known: whether it is depends on what the cache holds,
          // and the output must not (a line counted whole by an earlier pack would read otherwise).
          drop(
              candidate,
              DropReason.BUDGET,
              "needs more than the " + Math.max(room, 0) + " tokens left");
        }
      }
      regrow(shortened);
    }

    /**
     * Gives the room left after every candidate was considered back to the shortened ranked records
     * (indexes into {@code chosen}), best first: in full when it fits, else a longer cut.
     */
    private void regrow(List<Integer> shortened) {
      for (int index : shortened) {
        int spare = limit - used;
        if (spare <= 0) {
          return;
        }
        Choice current = chosen.get(index);
        if (current.entry.scored().record().kind().equals(Kind.IDENTITY)) {
          continue; // its length is settled by the identity cap, already charged
        }
        Renderer.Entry full = Renderer.Entry.of(current.entry.scored(), false);
        int max = current.tokens + Math.min(spare, quotaLeft(full));
        int cost = fullCost(full, current.member);
        Fitted longer = cost <= max ? new Fitted(full, cost) : shorten(full, max, current.member);
        if (longer != null && longer.tokens > current.tokens) {
          chosen.set(index, current.with(longer.entry, longer.tokens, current.member));
          charge(longer.entry, longer.tokens - current.tokens, true);
        }
      }
    }

    private PackedContext finish() {
      List<Choice> ordered = rendered();
      String text = renderer.render(entries(ordered));
      int exact = counter.count(text);
      while (exact > limit) {
        int excess = exact - limit;
        int freed = 0;
        while (freed < excess && !chosen.isEmpty()) {
          Choice victim = lastRankedOrElseLast();
          chosen.remove(victim);
          freed += victim.tokens + separatorTokens;
          String detail =
              "left out after the exact count of the block exceeded the budget by "
                  + excess
                  + " tokens";
          drop(victim.entry.scored(), DropReason.BUDGET, detail);
          if (victim.entry.pinned()) {
            warnings.add("pinned record " + victim.entry.scored().id() + " " + detail);
          }
        }
        LOG.debug("estimate was {} tokens low; removed records until the block fits", excess);
        ungroupSingles();
        ordered = rendered();
        text = renderer.render(entries(ordered));
        exact = counter.count(text);
      }
      List<RecalledItem> items = new ArrayList<>(ordered.size());
      for (Choice c : ordered) {
        Renderer.Entry e = c.entry;
        items.add(
            new RecalledItem(
                e.scored().record(),
                e.section().label(),
                e.scored().score(),
                c.tokens,
                e.truncated(),
                e.text(),
                e.scored().sourceContext()));
      }
      return new PackedContext(text, items, dropped, budget, exact, counter.name(), warnings);
    }

    /**
     * Tokens an entry of this section adds besides its own line: frame or separator, and header.
     */
    private int overhead(Section section) {
      return (chosen.isEmpty() ? frameTokens : separatorTokens)
          + (sectionItems[section.ordinal()] == 0 ? headerTokens[section.ordinal()] : 0);
    }

    private int fullCost(Renderer.Entry full, boolean member) {
      return fullCost(full, member, Integer.MAX_VALUE);
    }

    /**
     * The tokens of the entry's full line; or {@link #OVER}, meaning more than {@code room}, when
     * that is certain from a prefix of a line not counted before ({@link PrefixBound}): once the
     * block is nearly full, the candidates left are not tokenised whole just to learn that they do
     * not fit. A {@code member} line is the entry's line inside a group.
     */
    private int fullCost(Renderer.Entry full, boolean member, int room) {
      MemoryRecord record = full.scored().record();
      String prefix = prefix(full, member);
      String suffix = renderer.itemSuffix(full);
      String key =
          renderer.name() + '\u0000' + record.contentHash() + '\u0000' + prefix + '\u0000' + suffix;
      Integer known = cache.peek(counter, key);
      if (known != null) {
        return known;
      }
      // The largest room this line is already known to exceed, remembered beside exact counts.
      String overKey = key + "\u0000over";
      Integer over = cache.peek(counter, overKey);
      if (over != null && over >= room) {
        return OVER;
      }
      String line = prefix + renderer.body(full.text()) + suffix;
      if (PrefixBound.exceeds(counter, line, room)) {
        cache.remember(counter, overKey, room);
        return OVER;
      }
      return cache.count(counter, key, () -> line);
    }

    /**
     * The summary if it fits, else the longest marked cut that fits and shows at least {@code
     * minCutTokens} of the record's own text (a cut that shows its bullet, title and a few words
     * takes room that a smaller whole record could use); or null.
     */
    private Fitted shorten(Renderer.Entry full, int maxTokens, boolean member) {
      if (maxTokens <= 0) {
        return null;
      }
      MemoryRecord record = full.scored().record();
      if (record.summary() != null && !record.summary().equals(record.content())) {
        Renderer.Entry summary = full.withText(record.summary());
        int tokens = counter.count(line(summary, member));
        if (tokens <= maxTokens) {
          return new Fitted(summary, tokens);
        }
      }
      if (maxTokens < minCutTokens) {
        return null;
      }
      Renderer.Entry marked = full.withText(full.text());
      String prefix = prefix(marked, member);
      String suffix = renderer.itemSuffix(marked);
      if (maxTokens - counter.count(prefix + Cutter.MARKER.strip() + suffix) < minCutTokens) {
        return null;
      }
      // The room allows minCutTokens of text, but a cut at a sentence boundary may keep less.
      String cut =
          Cutter.cut(
              full.text(),
              maxTokens * MAX_CHARS_PER_TOKEN,
              candidate -> counter.count(prefix + renderer.body(candidate) + suffix) <= maxTokens,
              candidate ->
                  counter.count(renderer.body(Cutter.unmarked(candidate))) >= minCutTokens);
      if (cut == null) {
        return null;
      }
      Renderer.Entry entry = full.withText(cut);
      return new Fitted(entry, counter.count(line(entry, member)));
    }

    private String prefix(Renderer.Entry entry, boolean member) {
      return member ? renderer.memberPrefix(entry) : renderer.itemPrefix(entry);
    }

    private String line(Renderer.Entry entry, boolean member) {
      return member ? renderer.member(entry) : renderer.item(entry);
    }

    /** The group an entry would join or open: its section and the renderer's key; null if none. */
    private String groupOf(Renderer.Entry entry) {
      String key = renderer.groupKey(entry);
      return key == null ? null : entry.section().ordinal() + "\u0000" + key;
    }

    /**
     * What joining a group adds besides the member's own line: for the second member, the group
     * header less what the first member's line stops repeating; nothing for later members.
     */
    private int joinCost(String group) {
      if (groupSize.get(group) > 1) {
        return 0;
      }
      Choice first = chosen.get(groupFirst.get(group));
      return counter.count(renderer.groupHeader(first.entry))
          + memberTokens(first.entry)
          - first.tokens;
    }

    private int memberTokens(Renderer.Entry entry) {
      return entry.truncated() ? counter.count(renderer.member(entry)) : fullCost(entry, true);
    }

    private int quotaLeft(Renderer.Entry entry) {
      int left = Integer.MAX_VALUE;
      Integer sectionQuota = sectionQuotas.get(entry.section());
      if (sectionQuota != null) {
        left = sectionQuota - sectionQuotaUsed[entry.section().ordinal()];
      }
      Kind kind = entry.scored().record().kind();
      Integer kindQuota = kindLimits.get(kind);
      if (kindQuota != null) {
        left = Math.min(left, kindQuota - kindQuotaUsed.getOrDefault(kind, 0));
      }
      return left;
    }

    /**
     * The entry of a candidate, an identity record cut to what is left of the identity cap; null
     * (dropped, with a warning) when none is left.
     */
    private Renderer.Entry withinIdentityCap(ScoredRecord candidate, boolean pinned) {
      Renderer.Entry full = Renderer.Entry.of(candidate, pinned);
      if (!candidate.record().kind().equals(Kind.IDENTITY)
          || full.text().length() <= identityCharsLeft) {
        return full;
      }
      String cut =
          identityCharsLeft <= Cutter.MARKER.length()
              ? null
              : Cutter.cut(
                  full.text(),
                  identityCharsLeft,
                  text -> text.length() <= identityCharsLeft,
                  text -> !Cutter.unmarked(text).isBlank());
      String cap = "the identity cap of " + identityMaxChars + " characters in total";
      if (cut == null) {
        drop(candidate, DropReason.BUDGET, cap + " is used");
        warnings.add("identity record " + candidate.id() + " left out: " + cap + " is used");
        return null;
      }
      warnings.add(
          String.format(
              Locale.ROOT,
              "identity record %s cut from %d to %d characters to fit %s",
              candidate.id(),
              full.text().length(),
              cut.length(),
              cap));
      identityCharsLeft = cut.length(); // nothing after the record the cap cuts
      return full.withText(cut);
    }

    private boolean isDuplicate(ScoredRecord candidate) {
      if (takenIds.contains(candidate.id())) {
        drop(candidate, DropReason.DUPLICATE, "same id as a record already injected");
        return true;
      }
      String same = takenHashes.get(candidate.record().contentHash());
      if (same != null) {
        drop(candidate, DropReason.DUPLICATE, "same content as " + same);
        return true;
      }
      return false;
    }

    /**
     * Takes an entry whose line (a member's line when its group exists) costs {@code tokens};
     * {@code overhead} is what else it adds: frame or separator, section header, group header.
     */
    private void take(
        Renderer.Entry entry, int tokens, int overhead, boolean ranked, String group) {
      boolean member = false;
      if (group != null) {
        Integer first = groupFirst.putIfAbsent(group, chosen.size());
        if (first != null) {
          member = true;
          if (groupSize.get(group) == 1) { // the first line becomes a member's: joinCost charged it
            Choice opener = chosen.get(first);
            chosen.set(first, opener.with(opener.entry, memberTokens(opener.entry), true));
          }
        }
        groupSize.merge(group, 1, Integer::sum);
      }
      chosen.add(new Choice(entry, tokens, chosen.size(), group, member));
      if (entry.scored().record().kind().equals(Kind.IDENTITY)) {
        identityCharsLeft -= entry.text().length();
      }
      used += overhead;
      sectionItems[entry.section().ordinal()]++;
      charge(entry, tokens, ranked);
      takenIds.add(entry.scored().id());
      takenHashes.putIfAbsent(entry.scored().record().contentHash(), entry.scored().id());
    }

    /**
     * Adds an entry's tokens (or the growth of its line) to the budget and, if ranked, its quotas.
     */
    private void charge(Renderer.Entry entry, int tokens, boolean ranked) {
      used += tokens;
      if (ranked) {
        sectionQuotaUsed[entry.section().ordinal()] += tokens;
        kindQuotaUsed.merge(entry.scored().record().kind(), tokens, Integer::sum);
      }
    }

    private void drop(ScoredRecord candidate, DropReason reason, String detail) {
      dropped.add(new DroppedItem(candidate.id(), reason, detail));
    }

    private Choice lastRankedOrElseLast() {
      for (int i = chosen.size() - 1; i >= 0; i--) {
        if (!chosen.get(i).entry.pinned()) {
          return chosen.get(i);
        }
      }
      return chosen.get(chosen.size() - 1);
    }

    /**
     * After removals: a member left alone in its group is rendered, so counted, as a plain line.
     */
    private void ungroupSingles() {
      Map<String, Integer> sizes = new HashMap<>();
      chosen.stream()
          .filter(c -> c.group != null)
          .forEach(c -> sizes.merge(c.group, 1, Integer::sum));
      for (int i = 0; i < chosen.size(); i++) {
        Choice c = chosen.get(i);
        if (c.member && sizes.get(c.group) == 1) {
          chosen.set(i, c.with(c.entry, counter.count(renderer.item(c.entry)), false));
        }
      }
    }

    /**
     * Section order, then the order taken, a group's members following the first one taken: pinned
     * (by priority, never grouped) before ranked (by rank, then by group).
     */
    private List<Choice> rendered() {
      Map<String, Integer> anchors = new HashMap<>();
      chosen.stream()
          .filter(c -> c.group != null)
          .forEach(c -> anchors.merge(c.group, c.order, Math::min));
      List<Choice> ordered = new ArrayList<>(chosen);
      ordered.sort(
          Comparator.comparingInt((Choice c) -> c.entry.section().ordinal())
              .thenComparingInt(c -> c.group == null ? c.order : anchors.get(c.group))
              .thenComparingInt(c -> c.order));
      return ordered;
    }

    private static List<Renderer.Entry> entries(List<Choice> choices) {
      return choices.stream().map(c -> c.entry).toList();
    }

    private static String needs(int cost, int room) {
      return "needs " + cost + " tokens, " + Math.max(room, 0) + " left";
    }
  }

  /**
   * A taken entry: its line's tokens, the order taken, its group (null when never grouped) and
   * whether it is rendered as a member line (its group has at least two entries).
   */
  private record Choice(Renderer.Entry entry, int tokens, int order, String group, boolean member) {
    Choice with(Renderer.Entry shown, int lineTokens, boolean asMember) {
      return new Choice(shown, lineTokens, order, group, asMember);
    }
  }

  private record Fitted(Renderer.Entry entry, int tokens) {}

  /** Settings of a {@link Packer}; validated by {@link #build()}. Not thread-safe. */
  public static final class Builder {
    private final TokenCounter counter;
    private Renderer renderer = Renderers.memoryContext();
    private double pinnedShare = DEFAULT_PINNED_SHARE;
    private double maxItemShare = DEFAULT_MAX_ITEM_SHARE;
    private double minScore = Double.NEGATIVE_INFINITY;
    private Double safetyMargin;
    private int minCutTokens = DEFAULT_MIN_CUT_TOKENS;
    private final Map<Section, Integer> sectionQuotas = new EnumMap<>(Section.class);
    private final Map<Kind, Integer> kindQuotas = new HashMap<>();
    private final Map<Kind, Double> kindShares = new HashMap<>();
    private int identityMaxChars = MemoryRecord.IDENTITY_MAX_CHARS;
    private TokenCountCache cache;

    private Builder(TokenCounter counter) {
      this.counter = Checks.notNull(counter, "counter");
    }

    /** How the context is rendered; default {@link Renderers#memoryContext()}. */
    public Builder renderer(Renderer renderer) {
      this.renderer = renderer;
      return this;
    }

    /** Share of the usable budget pinned records may take together, in [0, 1]; default 0.5. */
    public Builder pinnedShare(double pinnedShare) {
      this.pinnedShare = pinnedShare;
      return this;
    }

    /**
     * Share of the usable budget one ranked record may take while more candidates follow, in (0,
     * 1]; default {@link #DEFAULT_MAX_ITEM_SHARE}. 1 lets the best record fill the block alone.
     */
    public Builder maxItemShare(double maxItemShare) {
      this.maxItemShare = maxItemShare;
      return this;
    }

    /** Ranked records scoring below this are never injected; default -∞ (no threshold). */
    public Builder minScore(double minScore) {
      this.minScore = minScore;
      return this;
    }

    /**
     * The budget is divided by {@code 1 + safetyMargin}, in [0, 1]; default {@link
     * TokenCounters#defaultSafetyMargin(TokenCounter)} for the counter.
     */
    public Builder safetyMargin(double safetyMargin) {
      this.safetyMargin = safetyMargin;
      return this;
    }

    /**
     * The fewest tokens of its own text a long record is cut into, >= 1; default {@link
     * #DEFAULT_MIN_CUT_TOKENS}.
     */
    public Builder minCutTokens(int minCutTokens) {
      this.minCutTokens = minCutTokens;
      return this;
    }

    /** At most {@code maxTokens} (>= 0) of ranked records' lines in this section. */
    public Builder sectionQuota(Section section, int maxTokens) {
      Checks.notNull(section, "sectionQuota");
      sectionQuotas.put(section, maxTokens);
      return this;
    }

    /** At most {@code maxTokens} (>= 0) of ranked records' lines of this kind. */
    public Builder kindQuota(Kind kind, int maxTokens) {
      Checks.notNull(kind, "kindQuota");
      kindQuotas.put(kind, maxTokens);
      return this;
    }

    /**
     * At most this share (in [0, 1]) of the usable budget for ranked records' lines of this kind,
     * whatever the budget (with a {@link #kindQuota} too, the lower of the two applies).
     */
    public Builder kindShare(Kind kind, double share) {
      Checks.notNull(kind, "kindShare");
      kindShares.put(kind, share);
      return this;
    }

    /**
     * The most characters all identity ({@code kind: identity}) records may show together, >= 0;
     * default {@link MemoryRecord#IDENTITY_MAX_CHARS}.
     */
    public Builder identityMaxChars(int maxChars) {
      this.identityMaxChars = maxChars;
      return this;
    }

    /**
     * A cache shared with other packers or the engine; default a private one of {@link
     * #DEFAULT_CACHE_ENTRIES}.
     */
    public Builder cache(TokenCountCache cache) {
      this.cache = cache;
      return this;
    }

    /**
     * @throws IllegalArgumentException naming the first bad setting and its value
     */
    public Packer build() {
      Checks.notNull(renderer, "renderer");
      Checks.inRange(pinnedShare, 0, 1, "pinnedShare");
      Checks.require(
          maxItemShare > 0 && maxItemShare <= 1,
          "maxItemShare",
          "must be in (0, 1], got %s",
          maxItemShare);
      Checks.require(!Double.isNaN(minScore), "minScore", "must not be NaN");
      if (safetyMargin != null) {
        Checks.inRange(safetyMargin, 0, 1, "safetyMargin");
      }
      Checks.require(minCutTokens >= 1, "minCutTokens", "must be >= 1, got %d", minCutTokens);
      sectionQuotas.forEach(
          (s, q) ->
              Checks.require(
                  q >= 0, "sectionQuota", "%s must be >= 0 tokens, got %d", s.label(), q));
      kindQuotas.forEach(
          (k, q) ->
              Checks.require(q >= 0, "kindQuota", "%s must be >= 0 tokens, got %d", k.name(), q));
      kindShares.forEach(
          (k, share) ->
              Checks.require(
                  share >= 0 && share <= 1,
                  "kindShare",
                  "%s must be in [0, 1], got %s",
                  k.name(),
                  share));
      Checks.require(
          identityMaxChars >= 0, "identityMaxChars", "must be >= 0, got %d", identityMaxChars);
      return new Packer(this);
    }
  }
}
