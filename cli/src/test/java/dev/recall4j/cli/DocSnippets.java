package dev.recall4j.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The YAML and JSON snippets of the user documentation, read out of the files themselves so that
 * documentation and tests cannot drift apart. A snippet names the agent stores it is run against in
 * an HTML comment on one of the three lines above its fence: {@code <!-- fixture: vault harness
 * -->} (names of {@link AgentStore}).
 */
final class DocSnippets {
  /** The documents whose every YAML and JSON snippet is a test (issue 32, item 2). */
  static final List<String> DOCUMENTS = List.of("README.md", "docs/SOURCES.md", "server/README.md");

  private static final Pattern FENCE = Pattern.compile("^```(\\w*)\\s*$");
  private static final Pattern MARKER = Pattern.compile("<!--\\s*fixture:\\s*([\\w\\s-]+?)\\s*-->");

  private DocSnippets() {}

  /**
   * One fenced snippet.
   *
   * @param fixtures the stores its marker names; empty when it has none
   */
  record Snippet(String document, int line, String language, List<String> fixtures, String text) {
    /** Where it is, for messages: {@code docs/SOURCES.md:42}. */
    String where() {
      return document + ":" + line;
    }

    boolean isYaml() {
      return language.equals("yaml") || language.equals("yml");
    }
  }

  /** The repository's root: the nearest folder up from here holding {@code docs/SOURCES.md}. */
  static Path root() {
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.isRegularFile(p.resolve("docs/SOURCES.md"))) {
        return p;
      }
    }
    throw new IllegalStateException("no docs/SOURCES.md above " + Path.of("").toAbsolutePath());
  }

  /** Every YAML and JSON snippet of the documents, in order. */
  static List<Snippet> all() throws IOException {
    List<Snippet> out = new ArrayList<>();
    for (String document : DOCUMENTS) {
      out.addAll(of(document, Files.readAllLines(root().resolve(document))));
    }
    return out;
  }

  /** The snippets run against this store. */
  static List<Snippet> of(AgentStore store) throws IOException {
    return all().stream().filter(s -> s.fixtures().contains(store.fixture())).toList();
  }

  /** The store's own {@code sources:} in docs/SOURCES.md: its first snippet naming it alone. */
  static Snippet sources(String fixture) throws IOException {
    for (Snippet s : all()) {
      if (s.document().equals("docs/SOURCES.md")
          && s.isYaml()
          && s.fixtures().equals(List.of(fixture))
          && s.text().lines().anyMatch(l -> l.startsWith("sources:"))) {
        return s;
      }
    }
    throw new AssertionError("docs/SOURCES.md has no sources: snippet for " + fixture);
  }

  static List<Snippet> of(String document, List<String> lines) {
    List<Snippet> out = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      Matcher open = FENCE.matcher(lines.get(i));
      if (!open.matches() || open.group(1).isEmpty()) {
        continue;
      }
      int start = i;
      StringBuilder text = new StringBuilder();
      for (i++; i < lines.size() && !lines.get(i).startsWith("```"); i++) {
        text.append(lines.get(i)).append('\n');
      }
      String language = open.group(1);
      if (List.of("yaml", "yml", "json").contains(language)) {
        out.add(new Snippet(document, start + 1, language, marker(lines, start), text.toString()));
      }
    }
    return out;
  }

  private static List<String> marker(List<String> lines, int fence) {
    for (int i = fence - 1; i >= Math.max(0, fence - 3); i--) {
      Matcher m = MARKER.matcher(lines.get(i));
      if (m.find()) {
        return Arrays.asList(m.group(1).strip().split("\\s+"));
      }
    }
    return List.of();
  }
}
