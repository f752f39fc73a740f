package dev.recall4j.datasets.eval;

import dev.recall4j.budget.Renderers;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecalledItem;
import dev.recall4j.core.TokenCounter;
import java.util.HashMap;
import java.util.Map;

/**
 * When a judged-relevant document counts as reaching a packed block: its record is injected whole,
 * or the block shows at least the first {@link #MIN_TOKENS} tokens of its text (all of it when
 * shorter), as rendered. The rule is the same for both packers and looks only at the final string,
 * so a cut that kept the bullet, the title or a few words of the text (the naive baseline keeps the
 * start of the record it cuts, however short) does not count, and neither does a summary shown
 * instead of the text. 32 tokens is about two sentences of prose; a document cut shorter has not
 * told the reader what it says. (Counting any record whose line starts inside the block credited
 * the naive baseline with the few tokens it keeps of the record it cuts off; docs/RESULTS.md,
 * "Budget-aware recall", gives the figures of both rules.)
 */
final class Reach {
  static final int MIN_TOKENS = 32;

  private final TokenCounter counter;
  private final Map<String, String> heads = new HashMap<>();

  Reach(TokenCounter counter) {
    this.counter = counter;
  }

  boolean reached(String context, RecalledItem item) {
    return !item.truncated()
        || context.contains(heads.computeIfAbsent(item.record().id(), id -> head(item.record())));
  }

  /**
   * The longest prefix of the record's rendered text, on a code-point boundary, of MIN_TOKENS at
   * most.
   */
  private String head(MemoryRecord record) {
    String body = Renderers.memoryContext().body(record.content());
    if (counter.count(body) <= MIN_TOKENS) {
      return body;
    }
    int lo = 0;
    int hi = body.length();
    while (hi - lo > 1) {
      int mid = (lo + hi) >>> 1;
      if (counter.count(body.substring(0, mid)) <= MIN_TOKENS) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    if (lo > 0 && Character.isHighSurrogate(body.charAt(lo - 1))) {
      lo--;
    }
    return body.substring(0, lo).stripTrailing();
  }
}
