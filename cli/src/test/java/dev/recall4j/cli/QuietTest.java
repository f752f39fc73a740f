package dev.recall4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A successful command prints its result on stdout and nothing on stderr: neither the command's own
 * writer, nor System.err (SLF4J), nor java.util.logging (Lucene) gets a line.
 */
class QuietTest {
  @TempDir Path dir;

  String run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    List<String> logged = new ArrayList<>();
    Handler handler =
        new Handler() {
          @Override
          public void publish(LogRecord record) {
            if (isLoggable(record)) {
              logged.add(record.getLoggerName() + ": " + record.getMessage());
            }
          }

          @Override
          public void flush() {}

          @Override
          public void close() {}
        };
    handler.setLevel(Level.ALL);
    Logger root = Logger.getLogger("");
    root.addHandler(handler);
    PrintStream systemErr = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      Logging.configure(false);
      int exit = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
      assertEquals(0, exit, String.join(" ", args) + ": " + err);
    } finally {
      System.setErr(systemErr);
      root.removeHandler(handler);
    }
    String stderr = err + captured.toString(StandardCharsets.UTF_8);
    assertEquals("", stderr, String.join(" ", args));
    assertEquals(List.of(), logged, String.join(" ", args));
    return out.toString();
  }

  @Test
  void successfulCommandsWriteNothingOnStderr() throws IOException {
    assertTrue(run("quickstart", "--embedder", "none").contains("[memory context]"));
    String index = dir.resolve("index").toString();
    Path records =
        Files.writeString(
            dir.resolve("r.jsonl"),
            "{\"id\":\"t\",\"silo\":\"memory\",\"kind\":\"tool_use\",\"content\":\"grep -L K1 finds"
                + " stations without K1.\"}\n");
    // ingest draws its progress bar on stderr (not checked here)
    assertEquals(
        0,
        Main.run(
            new String[] {"ingest", "--index", index, "--embedder", "none", records.toString()},
            new PrintWriter(new StringWriter(), true),
            new PrintWriter(new StringWriter(), true)));
    String recalled =
        run("recall", "--index", index, "--embedder", "none", "--query", "stations without K1");
    assertTrue(recalled.contains("grep -L K1"), recalled);
    assertTrue(
        run(
                "recall",
                "--index",
                index,
                "--embedder",
                "none",
                "--query",
                "stations",
                "--render",
                "xml")
            .startsWith("<memory-context>\n"));
    assertTrue(run("status", "--index", index, "--embedder", "none").contains("tool_use"));
  }
}
