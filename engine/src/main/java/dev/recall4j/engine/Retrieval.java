package dev.recall4j.engine;

import dev.recall4j.core.Checks;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RetrievalMode;
import dev.recall4j.core.Stage;
import dev.recall4j.ranking.PathResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The candidates of one query before fusion: what each retrieval path returned, and the records
 * behind every candidate id. Evaluation fuses one retrieval in several ways; recall fuses it once.
 *
 * @param paths the {@code lexical} path, and the {@code vector} path when it answered in time
 * @param records every candidate's record, by id
 * @param retrieval which paths answered ({@link RetrievalMode})
 * @param timingsMillis wall time of each retrieval stage in milliseconds, in stage order
 */
public record Retrieval(
    List<PathResult> paths,
    Map<String, MemoryRecord> records,
    RetrievalMode retrieval,
    Map<Stage, Double> timingsMillis) {
  public Retrieval {
    paths = List.copyOf(paths);
    records = Map.copyOf(records);
    Checks.notNull(retrieval, "retrieval");
    timingsMillis = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(timingsMillis));
  }

  /** The named path's candidates, or an empty path when it did not run. */
  public PathResult path(String name) {
    return paths.stream()
        .filter(p -> p.path().equals(name))
        .findFirst()
        .orElse(new PathResult(name, List.of()));
  }
}
