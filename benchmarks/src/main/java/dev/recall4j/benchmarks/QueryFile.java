package dev.recall4j.benchmarks;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The benchmark questions and their vectors in a small file of their own, so that a JVM that only
 * measures (the memory probe, the latency loop) reads 200 questions instead of loading the 24,207
 * texts of the pool and their embeddings: what that JVM holds is then what an agent would hold.
 * Format: question count, dimension, then per question its UTF text and its floats.
 */
final class QueryFile {
  private QueryFile() {}

  static void write(Path file, List<BenchQuery> queries) throws IOException {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    try (DataOutputStream out =
        new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(tmp)))) {
      out.writeInt(queries.size());
      out.writeInt(queries.get(0).vector().length);
      for (BenchQuery q : queries) {
        out.writeUTF(q.text());
        for (float f : q.vector()) {
          out.writeFloat(f);
        }
      }
    }
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  static List<BenchQuery> read(Path file) throws IOException {
    try (DataInputStream in =
        new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
      int count = in.readInt();
      int dimension = in.readInt();
      List<BenchQuery> queries = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        String text = in.readUTF();
        float[] vector = new float[dimension];
        for (int d = 0; d < dimension; d++) {
          vector[d] = in.readFloat();
        }
        queries.add(new BenchQuery(text, vector));
      }
      return queries;
    }
  }
}
