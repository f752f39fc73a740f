package dev.recall4j.core.store;

import dev.recall4j.core.Checks;
import java.util.List;

/**
 * What a check of a store found ({@code recall4j verify}): the files whose checksum or structure is
 * damaged, the records that cannot be read back, and anything else that went wrong.
 *
 * @param location the store checked
 * @param recordsChecked live records decoded (or tried)
 * @param damagedFiles files that failed their checks, by name
 * @param damagedRecords records that could not be decoded, in store order
 * @param problems other findings, each a sentence
 */
public record IntegrityReport(
    String location,
    long recordsChecked,
    List<String> damagedFiles,
    List<DamagedRecord> damagedRecords,
    List<String> problems) {

  /**
   * A record that cannot be read back.
   *
   * @param id its id
   * @param problem why, a sentence
   */
  public record DamagedRecord(String id, String problem) {}

  public IntegrityReport {
    Checks.notNull(location, "location");
    damagedFiles = List.copyOf(damagedFiles);
    damagedRecords = List.copyOf(damagedRecords);
    problems = List.copyOf(problems);
  }

  /** Whether nothing was found. */
  public boolean clean() {
    return damagedFiles.isEmpty() && damagedRecords.isEmpty() && problems.isEmpty();
  }
}
