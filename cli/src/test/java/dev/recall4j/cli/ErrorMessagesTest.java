package dev.recall4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every error is one line on stderr naming the file, line, key or id; --verbose adds the trace. */
class ErrorMessagesTest {
  @TempDir Path dir;

  record Run(int exit, String out, String err) {}

  Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Run(exit, out.toString(), err.toString());
  }

  String index() {
    return dir.resolve("index").toString();
  }

  @Test
  void aMissingFileIsNamedAsMissingNotAsABarePath() {
    Path missing = dir.resolve("missing.jsonl");
    Run ingest = run("ingest", "--index", index(), "--embedder", "none", missing.toString());
    assertEquals(1, ingest.exit());
    assertEquals("recall4j: no such file or directory: " + missing + "\n", ingest.err());

    Run verbose =
        run("ingest", "--verbose", "--index", index(), "--embedder", "none", missing.toString());
    assertTrue(verbose.err().startsWith("recall4j: no such file or directory: " + missing + "\n"));
    assertTrue(verbose.err().contains("java.nio.file.NoSuchFileException"), verbose.err());
  }

  @Test
  void aFileThatIsNotUtf8IsNamedWithTheByteOffset() throws IOException {
    Path file =
        Files.write(
            dir.resolve("latin1.jsonl"),
            "{\"silo\":\"kb\",\"content\":\"caf\u00e9\"}\n".getBytes(StandardCharsets.ISO_8859_1));
    Run ingest = run("ingest", "--index", index(), "--embedder", "none", file.toString());
    assertEquals(PartialSync.EXIT, ingest.exit(), "a bad file is left out: partial");
    assertEquals(
        "recall4j: "
            + file
            + ":1: not UTF-8 (a bad byte sequence at byte offset 27); save the file as UTF-8,"
            + " e.g. iconv -f latin1 -t utf-8\n",
        ingest.err());
  }

  @Test
  void aForeignLuceneIndexIsOneLineSayingSo() throws IOException {
    Path foreign = dir.resolve("foreign");
    try (IndexWriter writer = new IndexWriter(FSDirectory.open(foreign), new IndexWriterConfig())) {
      Document doc = new Document();
      doc.add(new StringField("title", "not ours", Field.Store.YES));
      writer.addDocument(doc);
    }
    for (String command : List.of("status", "export")) {
      Run run = run(command, "--index", foreign.toString(), "--embedder", "none");
      assertEquals(1, run.exit(), command);
      assertEquals(1, run.err().lines().count(), run.err());
      assertTrue(
          run.err()
              .startsWith(
                  "recall4j: " + foreign + " holds a Lucene index that recall4j did not write"),
          run.err());
    }
  }

  @Test
  void anExceptionNoInputShouldRaiseIsCalledAnInternalErrorNotABareNumber() {
    assertEquals(
        "internal error (java.lang.NegativeArraySizeException: -138674305); run again with"
            + " --verbose for the stack trace and report it",
        Main.message(new NegativeArraySizeException("-138674305")));
    assertEquals(
        "no such file or directory: /x/y.jsonl",
        Main.message(new UncheckedIOException(new NoSuchFileException("/x/y.jsonl"))));
    assertEquals(
        "a: first line second line",
        Main.message(new IllegalArgumentException("a: first line\n  second line")));
  }

  @Test
  void markdownExportWritesAFileForAnIdOf256CharactersAndKeepsTheIdInTheFrontMatter()
      throws IOException {
    String longId = "n".repeat(250) + "/Pref1";
    Path file =
        Files.writeString(
            dir.resolve("ids.jsonl"),
            "{\"id\":\""
                + longId
                + "\",\"silo\":\"memory\",\"content\":\"Long id.\"}\n"
                + "{\"id\":\"Pref\",\"silo\":\"memory\",\"content\":\"Upper.\"}\n"
                + "{\"id\":\"pref\",\"silo\":\"memory\",\"content\":\"Lower.\"}\n"
                + "{\"id\":\"a/b\",\"silo\":\"memory\",\"content\":\"Slash.\"}\n"
                + "{\"id\":\"a_b\",\"silo\":\"memory\",\"content\":\"Underscore.\"}\n");
    assertEquals(
        0, run("ingest", "--index", index(), "--embedder", "none", file.toString()).exit());
    Path out = dir.resolve("md");
    Run export =
        run(
            "export",
            "--index",
            index(),
            "--embedder",
            "none",
            "--format",
            "markdown",
            "--out",
            out.toString());
    assertEquals(0, export.exit(), export.err());
    try (Stream<Path> files = Files.list(out)) {
      List<String> texts = files.map(ErrorMessagesTest::read).toList();
      assertEquals(5, texts.size());
      assertTrue(
          texts.stream().anyMatch(t -> t.contains("id: " + longId + "\n")), texts.toString());
    }
  }

  private static String read(Path p) {
    try {
      return Files.readString(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
