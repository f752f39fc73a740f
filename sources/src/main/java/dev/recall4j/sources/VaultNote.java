package dev.recall4j.sources;

import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Origin;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Source;
import dev.recall4j.core.Tier;
import dev.recall4j.engine.Chunker;
import dev.recall4j.engine.InputException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * One note of a Markdown vault, read but not yet linked: its front matter and its chunks (by
 * heading, up to the source's word limit, each with its line in the file). {@link #records} turns
 * it into records once every note's first-chunk id is known, so that {@code [[links]]} resolve.
 *
 * <p>A chunk's id is {@code source:path#n}, or, when the front matter gives an {@code id}, that id
 * for the first chunk and {@code id#n} for the others. A note without front matter is a RAG
 * document; one whose front matter names a {@code kind} (other than {@code rag_chunk}) is a memory.
 */
record VaultNote(
    String relativePath,
    String absolutePath,
    FrontMatter front,
    List<Chunker.Chunk> chunks,
    Tier folderTier,
    Instant modified) {

  static VaultNote read(
      String text,
      String relativePath,
      String absolutePath,
      int chunkWords,
      Tier folderTier,
      Instant modified) {
    FrontMatter front = FrontMatter.parse(text, absolutePath);
    List<Chunker.Chunk> chunks = new ArrayList<>();
    for (Chunker.Chunk c : new Chunker(chunkWords).split(front.body())) {
      chunks.add(
          new Chunker.Chunk(c.index(), c.line() + front.bodyLine() - 1, c.heading(), c.text()));
    }
    return new VaultNote(relativePath, absolutePath, front, chunks, folderTier, modified);
  }

  String chunkId(String source, int chunk) {
    if (front.id() != null) {
      return chunk == 0 ? front.id() : front.id() + "#" + chunk;
    }
    return RecordIds.chunk(source, relativePath, chunk);
  }

  String firstId(String source) {
    return chunkId(source, 0);
  }

  List<MemoryRecord> records(String source, Silo defaultSilo, Scope scope, WikiLinks links) {
    Silo silo =
        front.silo() != null
            ? front.silo()
            : defaultSilo != null
                ? defaultSilo
                : front.kind() != null && !front.kind().equals(Kind.RAG_CHUNK)
                    ? Silo.MEMORY
                    : Silo.RAG;
    // The source's folders decide over the front matter: moving a note to _archive archives it.
    Tier tier =
        folderTier != null
            ? folderTier
            : front.alwaysLoad()
                ? Tier.PINNED
                : front.tier() != null ? Tier.parse("tier", front.tier()) : Tier.ACTIVE;
    Instant created = front.created() != null ? front.created() : modified;
    Instant updated = front.updated() != null ? front.updated() : created;
    if (updated.isBefore(created)) {
      updated = created;
    }
    String supersedes = front.supersedes() == null ? null : links.resolve(front.supersedes());
    List<MemoryRecord> out = new ArrayList<>();
    for (Chunker.Chunk c : chunks) {
      String id = chunkId(source, c.index());
      try {
        out.add(
            MemoryRecord.builder()
                .id(id)
                .silo(silo)
                .kind(front.kind())
                .tier(tier)
                .status(front.status())
                .scope(scope)
                .tags(front.tags())
                .source(front.source() != null ? front.source() : Source.IMPORT)
                .trust(front.trust())
                .created(created)
                .updated(updated)
                .supersedes(c.index() == 0 && !id.equals(supersedes) ? supersedes : null)
                .links(
                    links.resolveAll(WikiLinks.targets(c.text())).stream()
                        .filter(l -> !l.equals(id))
                        .toList())
                .title(title(c))
                .summary(c.index() == 0 ? front.summary() : null)
                .content(c.text())
                .origin(new Origin(absolutePath, c.index(), c.line()))
                .build());
      } catch (IllegalArgumentException e) {
        throw new InputException(absolutePath, c.line(), 0, e.getMessage(), e);
      }
    }
    return out;
  }

  private String title(Chunker.Chunk c) {
    String note = front.title();
    if (note == null) {
      return c.heading();
    }
    return c.heading() == null || c.heading().equals(note) ? note : note + " › " + c.heading();
  }
}
