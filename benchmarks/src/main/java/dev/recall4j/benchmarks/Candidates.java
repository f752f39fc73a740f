package dev.recall4j.benchmarks;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.store.Hit;
import dev.recall4j.core.store.VectorEncoding;
import dev.recall4j.ranking.Candidate;
import dev.recall4j.ranking.PathResult;
import dev.recall4j.store.LuceneStore;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Real candidate lists for the fusion and packing benchmarks: for each of the first questions, the
 * top {@code perPath} lexical and vector hits over the cached 10K corpus (default index), as the
 * engine hands them to ranking.
 *
 * @param paths the lexical and the vector path
 * @param records every candidate's record, by id
 */
record Candidates(List<PathResult> paths, Map<String, MemoryRecord> records) {
  /** The corpus size candidates are drawn from. */
  static final int CORPUS = 10_000;

  static List<Candidates> load(int queries, int perPath) throws IOException {
    List<Candidates> out = new ArrayList<>();
    VectorEncoding e = VectorEncoding.INT8;
    try (LuceneStore store =
        LuceneStore.openReadOnly(
            Fixtures.storeOptions(Fixtures.luceneIndex(CORPUS, e, 16, 100), e, 16, 100, 100))) {
      for (BenchQuery q : Fixtures.queries().subList(0, queries)) {
        List<Hit> lexical = store.searchLexical(q.text(), Fixtures.RECALLABLE, perPath);
        List<Hit> vector = store.searchVector(q.vector(), Fixtures.RECALLABLE, perPath);
        Map<String, MemoryRecord> records = new HashMap<>();
        lexical.forEach(h -> records.put(h.record().id(), h.record()));
        vector.forEach(h -> records.put(h.record().id(), h.record()));
        out.add(
            new Candidates(
                List.of(path(PathResult.LEXICAL, lexical), path(PathResult.VECTOR, vector)),
                records));
      }
    }
    return out;
  }

  private static PathResult path(String name, List<Hit> hits) {
    return new PathResult(
        name, hits.stream().map(h -> new Candidate(h.record().id(), h.score())).toList());
  }
}
