package dev.recall4j.sources;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Status;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * A store that records a replacement only on the new row ({@code supersedes} names the old one) has
 * said the old one is superseded: the old row, if the same read gives it active, becomes superseded
 * and links to its replacement, as {@code supersede} through recall4j leaves it. So the old fact is
 * never recalled beside the new one, whatever the old row's own status column says.
 */
final class Supersessions {
  private Supersessions() {}

  /** The records with those another of them supersedes marked superseded, in the same order. */
  static List<MemoryRecord> mark(List<MemoryRecord> records) {
    Map<String, List<String>> replacedBy = new HashMap<>();
    for (MemoryRecord r : records) {
      if (r.supersedes() != null && r.status() != Status.DELETED) {
        replacedBy.computeIfAbsent(r.supersedes(), k -> new ArrayList<>()).add(r.id());
      }
    }
    if (replacedBy.isEmpty()) {
      return records;
    }
    List<MemoryRecord> out = new ArrayList<>(records.size());
    for (MemoryRecord r : records) {
      List<String> newer = replacedBy.get(r.id());
      if (newer == null || r.status() != Status.ACTIVE) {
        out.add(r);
        continue;
      }
      LinkedHashSet<String> links = new LinkedHashSet<>(r.links());
      links.addAll(newer);
      out.add(r.toBuilder().status(Status.SUPERSEDED).links(List.copyOf(links)).build());
    }
    return out;
  }
}
