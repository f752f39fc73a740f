package dev.recall4j.engine;

import dev.recall4j.core.Checks;
import dev.recall4j.core.MemoryRecord;
import java.util.List;

/**
 * One page of {@link RecallEngine#list}: records in id order, and the cursor of the next page.
 *
 * @param records the page, ordered by id
 * @param next the opaque cursor to pass for the next page, or null when this page is the last
 */
public record RecordPage(List<MemoryRecord> records, String next) {
  public RecordPage {
    records = List.copyOf(Checks.notNull(records, "records"));
  }
}
