package dev.recall4j.budget;

import java.util.List;
import java.util.Objects;

/**
 * The composition rule of {@link Renderer} in one place, remembering where each entry's text starts
 * and ends so that the naive baseline can tell which entries survive a cut.
 */
record Layout(String text, int[] starts, int[] ends) {

  static Layout of(Renderer renderer, List<Renderer.Entry> entries) {
    int n = entries.size();
    int[] starts = new int[n];
    int[] ends = new int[n];
    if (n == 0) {
      return new Layout("", starts, ends);
    }
    String[] keys = new String[n];
    for (int i = 0; i < n; i++) {
      keys[i] = renderer.groupKey(entries.get(i));
    }
    StringBuilder out = new StringBuilder(renderer.open());
    Section current = null;
    for (int i = 0; i < n; i++) {
      Renderer.Entry entry = entries.get(i);
      if (i > 0) {
        out.append(renderer.separator());
      }
      if (entry.section() != current) {
        current = entry.section();
        out.append(renderer.sectionHeader(current));
      }
      boolean joins = i > 0 && sameGroup(entries, keys, i - 1, i);
      boolean opens = !joins && i + 1 < n && sameGroup(entries, keys, i, i + 1);
      if (opens) {
        out.append(renderer.groupHeader(entry));
      }
      starts[i] = out.length();
      out.append(joins || opens ? renderer.member(entry) : renderer.item(entry));
      ends[i] = out.length();
    }
    out.append(renderer.close());
    return new Layout(out.toString(), starts, ends);
  }

  /** Whether two entries belong to one group: same section and the same non-null key. */
  private static boolean sameGroup(List<Renderer.Entry> entries, String[] keys, int a, int b) {
    return keys[a] != null
        && entries.get(a).section() == entries.get(b).section()
        && Objects.equals(keys[a], keys[b]);
  }
}
