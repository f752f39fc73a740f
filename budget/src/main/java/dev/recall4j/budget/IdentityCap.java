package dev.recall4j.budget;

import dev.recall4j.core.DropReason;
import dev.recall4j.core.Kind;
import dev.recall4j.core.ScoredRecord;
import java.util.Locale;

/**
 * The identity (L0, {@code kind: identity}) cap over the whole block: all identity records together
 * show at most {@code maxChars} characters. Each record is capped when it is written; several
 * together are capped here, in the order they come, the one that crosses the cap cut at a sentence
 * boundary and those after it left out, each with a warning. One per pack.
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
