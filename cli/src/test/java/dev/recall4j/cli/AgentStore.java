package dev.recall4j.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The five seed agents' stores (../shared/seeds, issue 32), each laid out in a workspace in its own
 * shape, with the questions its agent typically asks of it. Documentation snippets name them by
 * {@link #fixture()} ({@link DocSnippets}); one test per agent runs them ({@code *StoreTest}).
 */
enum AgentStore {
  /** Seed 000: the Go agent's three SQLite silos and its harvey.yaml's memory: section. */
  GO_AGENT("go-agent", new GoAgentStore()),
  /** Seed 001: the Java harness's MEMORY.md and daily logs. */
  HARNESS("harness", new HarnessStore()),
  /** Seed 002: an Obsidian-style vault with front matter, _archive and _inbox at any depth. */
  VAULT("vault", new VaultStore()),
  /** Seed 003: one SQLite table of L0 (identity), L1 (knowledge) and L2 (archive) rows. */
  LAYERED("layered", new LayeredStore()),
  /** Seed 004: a coding agent's CLAUDE.md, rules and per-project memory files. */
  CODING_AGENT("coding-agent", new CodingAgentStore());

  /** Lays out one store's files and says what its agent asks of them. */
  interface Shape {
    void lay(Path workspace) throws IOException;

    List<Question> questions();
  }

  /**
   * A question an agent asks through {@code recall}: the block must hold {@code expected} and none
   * of {@code absent} (retired, archived or excluded facts).
   *
   * @param options further options of the recall, e.g. {@code --include-archived}
   * @param store the file or folder that answers it: asked of a configuration that names it
   */
  record Question(
      String query, String expected, List<String> absent, List<String> options, String store) {
    Question(String query, String expected, String... absent) {
      this(query, expected, List.of(absent), List.of(), "");
    }

    /** The question, asked only of configurations that name {@code store}. */
    Question of(String store) {
      return new Question(query, expected, absent, options, store);
    }
  }

  private final String fixture;
  private final Shape shape;

  AgentStore(String fixture, Shape shape) {
    this.fixture = fixture;
    this.shape = shape;
  }

  /** The name documentation snippets give it: {@code <!-- fixture: NAME -->}. */
  String fixture() {
    return fixture;
  }

  void lay(Path workspace) throws IOException {
    shape.lay(workspace);
  }

  List<Question> questions() {
    return shape.questions();
  }

  static AgentStore named(String fixture) {
    for (AgentStore s : values()) {
      if (s.fixture.equals(fixture)) {
        return s;
      }
    }
    throw new IllegalArgumentException("no agent store named " + fixture);
  }
}
