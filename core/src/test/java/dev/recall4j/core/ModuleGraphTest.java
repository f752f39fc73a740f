package dev.recall4j.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The module graph, declared once in {@code docs/ARCHITECTURE.md} ("Module graph") and enforced
 * here: every dependency between recall4j modules in a {@code pom.xml}, and every import of another
 * module's package in its sources, must be an arrow of that table. A test of {@code core} because
 * core builds first: a forbidden arrow fails the build before anything above compiles.
 */
class ModuleGraphTest {
  /** The repository's root: the parent of this module's folder. */
  private static final Path ROOT = Path.of("").toAbsolutePath().getParent();

  /** The first package segment after {@code dev.recall4j} of each module. */
  private static final Map<String, String> MODULE_OF_PACKAGE =
      Map.ofEntries(
          Map.entry("core", "core"),
          Map.entry("store", "lucene-store"),
          Map.entry("ranking", "ranking"),
          Map.entry("budget", "budget"),
          Map.entry("embeddings", "embeddings"),
          Map.entry("engine", "engine"),
          Map.entry("sources", "sources"),
          Map.entry("server", "server"),
          Map.entry("langchain4j", "langchain4j"),
          Map.entry("springai", "spring-ai"),
          Map.entry("springboot", "spring-boot-starter"),
          Map.entry("datasets", "datasets"),
          Map.entry("cli", "cli"),
          Map.entry("benchmarks", "benchmarks"),
          Map.entry("opensearch", "opensearch"));

  private static final Pattern IMPORT =
      Pattern.compile(
          "^import (?:static )?dev\\.recall4j\\.([a-z0-9]+)(\\.testcluster)?\\.",
          Pattern.MULTILINE);
  private static final Pattern DEPENDENCY =
      Pattern.compile("<dependency>(.*?)</dependency>", Pattern.DOTALL);
  private static final Pattern ARTIFACT =
      Pattern.compile("<artifactId>recall4j-([a-z0-9-]+)</artifactId>");

  /** Per module: the modules its main code may use, and those its tests may use besides. */
  private record Arrows(Set<String> main, Set<String> tests) {}

  private static Map<String, Arrows> table;

  @BeforeAll
  static void readTheTable() throws IOException {
    table = new TreeMap<>();
    String doc = Files.readString(ROOT.resolve("docs/ARCHITECTURE.md"));
    int start = doc.indexOf("## Module graph");
    assertTrue(start >= 0, "docs/ARCHITECTURE.md has no \"## Module graph\" section");
    for (String line : doc.substring(start).split("\n")) {
      if (line.startsWith("## ") && !line.startsWith("## Module graph")) {
        break;
      }
      String[] cells = line.split("\\|");
      if (cells.length >= 4 && cells[1].strip().startsWith("`")) {
        table.put(
            cells[1].strip().replace("`", ""), new Arrows(modules(cells[2]), modules(cells[3])));
      }
    }
  }

  private static Set<String> modules(String cell) {
    Set<String> out = new TreeSet<>();
    Matcher m = Pattern.compile("`([a-z0-9-]+)`").matcher(cell);
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }

  private static List<String> reactorModules() throws IOException {
    String pom = Files.readString(ROOT.resolve("pom.xml"));
    List<String> modules = new ArrayList<>();
    Matcher m = Pattern.compile("<module>([^<]+)</module>").matcher(pom);
    while (m.find()) {
      modules.add(m.group(1));
    }
    return modules;
  }

  @Test
  void theTableNamesEveryModuleOfTheBuildAndNoOther() throws IOException {
    assertEquals(new TreeSet<>(reactorModules()), table.keySet());
  }

  @Test
  void everyDependencyOfAPomIsAnArrowOfTheTable() throws IOException {
    Map<String, List<String>> wrong = new LinkedHashMap<>();
    for (String module : reactorModules()) {
      String pom = Files.readString(ROOT.resolve(module).resolve("pom.xml"));
      String dependencies = pom.substring(Math.max(0, pom.indexOf("<dependencies>")));
      Matcher d = DEPENDENCY.matcher(dependencies);
      while (d.find()) {
        Matcher a = ARTIFACT.matcher(d.group(1));
        if (!a.find() || a.group(1).equals("parent")) {
          continue;
        }
        String target = a.group(1);
        Arrows allowed = table.get(module);
        boolean test = d.group(1).contains("<scope>test</scope>");
        if (!allowed.main().contains(target) && !(test && allowed.tests().contains(target))) {
          wrong
              .computeIfAbsent(module, k -> new ArrayList<>())
              .add(target + (test ? " (test)" : ""));
        }
      }
    }
    assertEquals(Map.of(), wrong, "pom dependencies not in docs/ARCHITECTURE.md's module graph");
  }

  @Test
  void everyImportOfAnotherModuleIsAnArrowOfTheTable() throws IOException {
    Map<String, Set<String>> wrong = new TreeMap<>();
    for (String module : reactorModules()) {
      Arrows allowed = table.get(module);
      for (String set : List.of("main", "test")) {
        Path sources = ROOT.resolve(module).resolve("src").resolve(set).resolve("java");
        if (!Files.isDirectory(sources)) {
          continue;
        }
        try (Stream<Path> files = Files.walk(sources)) {
          for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
            Matcher m = IMPORT.matcher(Files.readString(file));
            while (m.find()) {
              String target =
                  m.group(2) != null ? "opensearch-testcluster" : MODULE_OF_PACKAGE.get(m.group(1));
              boolean ok =
                  module.equals(target)
                      || allowed.main().contains(target)
                      || (set.equals("test") && allowed.tests().contains(target));
              if (!ok) {
                wrong
                    .computeIfAbsent(module + " " + set, k -> new TreeSet<>())
                    .add(target + " in " + ROOT.relativize(file));
              }
            }
          }
        }
      }
    }
    assertEquals(Map.of(), wrong, "imports not in docs/ARCHITECTURE.md's module graph");
  }
}
