package dev.recall4j.budget;

import java.util.List;

/**
 * The composition rule of {@link Renderer} in one place, remembering where each entry's text
 * starts and ends so that the naive baseline can tell which entries survive a cut.
 */
record Layout(String text, int[] starts, int[] ends) {

  static Layout of(Renderer renderer, List<Renderer.Entry> entries) {
    int[] starts = new int[entries.size()];
    int[] ends = new int[entries.size()];
    if (entries.isEmpty()) {
      return new Layout("", starts, ends);
    }
    StringBuilder out = new StringBuilder(renderer.open());
    Section current = null;
    for (int i = 0; i < entries.size(); i++) {
      Renderer.Entry entry = entries.get(i);
      if (i > 0) {
        out.append(renderer.separator());
      }
      if (entry.section() != current) {
        current = entry.section();
        out.append(renderer.sectionHeader(current));
      }
      starts[i] = out.length();
      out.append(renderer.item(entry));
      ends[i] = out.length();
    }
    out.append(renderer.close());
    return new Layout(out.toString(), starts, ends);
  }
}
