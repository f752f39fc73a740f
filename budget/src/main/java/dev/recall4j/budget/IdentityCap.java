package dev.recall4j.budget;

import dev.recall4j.core.DropReason;
import dev.recall4j.core.Kind;
import dev.recall4j.core.ScoredRecord;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The identity (L0, {@code kind: identity}) cap over the whole block: all identity records together
 * show at most {@code maxChars} characters. Records are stored as their owner wrote them, however
 * long; they are capped here, in the order of {@link #order} (priority, then relevance, then the
 * shorter first: never by id, so one over-long record never crowds out a short one such as the
 * user's name), the one that crosses the cap cut at a sentence boundary with a marker and those
 * after it left out, each with a warning. One per pack.
 */
final class IdentityCap {
  private final int maxChars;
  private final PackLog log;
  private int charsLeft;

  IdentityCap(int maxChars, PackLog log) {
    this.maxChars = maxChars;
    this.log = log;
    this.charsLeft = maxChars;
  }

  /**
   * The candidates with the identity records among them reordered, in the places identity records
   * held: by priority (trust, a user's before an agent's or the system's), then relevance (score),
   * then the shorter first; other records keep their places.
   */
  static List<ScoredRecord> order(List<ScoredRecord> candidates) {
    List<ScoredRecord> identities = new ArrayList<>();
    for (ScoredRecord c : candidates) {
      if (c != null && c.record().kind().equals(Kind.IDENTITY)) {
        identities.add(c);
      }
    }
    if (identities.size() < 2) {
      return candidates;
    }
    identities.sort(
        Comparator.comparingDouble((ScoredRecord c) -> -c.record().effectiveTrust())
            .thenComparingDouble(c -> -c.finalScore())
            .thenComparingInt(c -> c.record().content().length()));
    List<ScoredRecord> out = new ArrayList<>(candidates.size());
    int next = 0;
    for (ScoredRecord c : candidates) {
      boolean identity = c != null && c.record().kind().equals(Kind.IDENTITY);
      out.add(identity ? identities.get(next++) : c);
    }
    return out;
  }

  /** Whether the entry counts towards the cap. */
  static boolean applies(Renderer.Entry entry) {
    return entry.scored().record().kind().equals(Kind.IDENTITY);
  }

  /**
   * The entry of a candidate, an identity record cut to what is left of the cap; null (dropped,
   * with a warning) when none is left.
   */
  Renderer.Entry admit(ScoredRecord candidate, boolean pinned) {
    Renderer.Entry full = Renderer.Entry.of(candidate, pinned);
    if (!applies(full) || full.text().length() <= charsLeft) {
      return full;
    }
    String cut =
        charsLeft <= Cutter.MARKER.length()
            ? null
            : Cutter.cut(
                full.text(),
                charsLeft,
                text -> text.length() <= charsLeft,
                text -> !Cutter.unmarked(text).isBlank());
    String cap = "the identity cap of " + maxChars + " characters in total";
    if (cut == null) {
      log.drop(candidate, DropReason.BUDGET, cap + " is used");
      log.warn("identity record " + candidate.id() + " left out: " + cap + " is used");
      return null;
    }
    log.warn(
        String.format(
            Locale.ROOT,
            "identity record %s cut from %d to %d characters to fit %s",
            candidate.id(),
            full.text().length(),
            cut.length(),
            cap));
    charsLeft = cut.length(); // nothing after the record the cap cuts
    return full.withText(cut);
  }

  /** Charges a taken entry's characters to the cap. */
  void taken(Renderer.Entry entry) {
    if (applies(entry)) {
      charsLeft -= entry.text().length();
    }
  }
}
