package dev.recall4j.budget;

/**
 * A taken entry: its line's tokens, the order taken, its group (null when never grouped) and
 * whether it is rendered as a member line (its group has at least two entries).
 */
record Choice(Renderer.Entry entry, int tokens, int order, String group, boolean member) {
  Choice with(Renderer.Entry shown, int lineTokens, boolean asMember) {
    return new Choice(shown, lineTokens, order, group, asMember);
  }
}
