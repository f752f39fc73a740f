package dev.recall4j.engine;

import dev.recall4j.core.Checks;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits a text document into RAG chunks: paragraphs (blank-line separated) are merged until a
 * chunk would pass {@code targetWords}; a Markdown heading always starts a new chunk and is kept as
 * the chunk's title, so each chunk says what it is about. A paragraph longer than the target stays
 * whole: the packer truncates at sentence boundaries when space is short.
 *
 * @param targetWords the word count a chunk grows to (default 160: a few chunks fit a 512-token
 *     budget)
 */
public record Chunker(int targetWords) {
  /** A chunk of a document. {@code line} is 1-based. */
  public record Chunk(int index, int line, String heading, String text) {}

  public Chunker {
    Checks.require(targetWords >= 1, "targetWords", "must be >= 1, got %d", targetWords);
  }

  public static Chunker defaults() {
    return new Chunker(160);
  }

  public List<Chunk> split(String document) {
    List<Chunk> chunks = new ArrayList<>();
    String[] lines = document.split("\r?\n", -1);
    StringBuilder current = new StringBuilder();
    String heading = null;
    int startLine = 0;
    int words = 0;
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      boolean isHeading = line.startsWith("#");
      if (isHeading || (line.isEmpty() && words >= targetWords)) {
        flush(chunks, current, heading, startLine);
        words = 0;
      }
      if (isHeading) {
        heading = line.replaceFirst("^#+\\s*", "");
        continue;
      }
      if (line.isEmpty()) {
        if (current.length() > 0 && current.charAt(current.length() - 1) != '\n') {
          current.append('\n');
        }
        continue;
      }
      if (current.length() == 0) {
        startLine = i + 1;
      } else if (current.charAt(current.length() - 1) != '\n') {
        current.append(' ');
      }
      current.append(line);
      words += line.split("\\s+").length;
    }
    flush(chunks, current, heading, startLine);
    return chunks;
  }

  private static void flush(List<Chunk> chunks, StringBuilder text, String heading, int line) {
    String body = text.toString().strip();
    if (!body.isEmpty()) {
      chunks.add(new Chunk(chunks.size(), line, heading, body));
    }
    text.setLength(0);
  }
}
