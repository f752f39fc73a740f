package dev.recall4j.cli;

import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Source;
import dev.recall4j.core.Tier;
import dev.recall4j.core.Wire;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.IndexWrites;
import dev.recall4j.engine.Saved;
import dev.recall4j.engine.json.JsonShapes;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Saves one record and prints the id it is stored under. Saving is idempotent by content: a text
 * already stored in the same scope and silo is not stored again, and the stored record's id is
 * printed with {@code (duplicate)}.
 */
@Command(
    name = "add",
    description =
        "Save one record from flags (text from --content or standard input) and print its id.")
final class AddCommand implements Callable<Integer> {
  private static final SecureRandom RANDOM = new SecureRandom();

  @Spec CommandSpec spec;
  @Mixin EngineOptions options;

  @Option(
      names = "--content",
      paramLabel = "TEXT",
      description = "The text to save (default: read from standard input).")
  String content;

  @Option(
      names = "--silo",
      paramLabel = "SILO",
      defaultValue = "memory",
      description = "memory (default), rag or kb.")
  String silo;

  @Option(
      names = "--kind",
      paramLabel = "KIND",
      description = "What it is about, e.g. user_preference (default: the silo's default kind).")
  String kind;

  @Option(names = "--title", paramLabel = "TEXT", description = "A short title.")
  String title;

  @Option(names = "--tag", paramLabel = "TAG", description = "A tag; repeatable.")
  List<String> tags = new ArrayList<>();

  @Option(
      names = "--pin",
      description = "Pin it (always_load): injected first in every recall of its scope.")
  boolean pin;

  @Option(
      names = "--source",
      paramLabel = "SOURCE",
      description = "Provenance: agent (default), user, user_correction, system or import.")
  String source;

  @Option(names = "--task", paramLabel = "NAME", description = "Task scope.")
  String task;

  @Option(names = "--session", paramLabel = "ID", description = "Session scope.")
  String session;

  @Option(
      names = "--id",
      paramLabel = "ID",
      description = "The record's id (default: the silo and 16 random hex digits).")
  String id;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      defaultValue = "text",
      description = "text (default: the id) or json ({\"schema\", \"id\", \"duplicate_of\"}).")
  String format;

  @Override
  public Integer call() throws IOException {
    ResultPrinter.format(format, "text", "json");
    EngineConfig config = options.config();
    Scope base = options.scope(config);
    Silo parsedSilo = Silo.parse("--silo", silo);
    MemoryRecord record =
        MemoryRecord.builder()
            .id(id != null ? id : Wire.name(parsedSilo) + "-" + randomHex())
            .silo(parsedSilo)
            .kind(kind == null ? null : Kind.parse("--kind", kind))
            .tier(pin ? Tier.PINNED : null)
            .scope(new Scope(base.namespace(), base.project(), task, session))
            .tags(tags)
            .source(source == null ? null : Source.parse("--source", source))
            .title(title)
            .content(content != null ? content : standardInput())
            .build(Instant.now());
    Saved saved;
    try (IndexWrites writes = options.openRecordWrites(config)) {
      saved = writes.add(record);
    }
    PrintWriter out = spec.commandLine().getOut();
    if (format.equals("json")) {
      out.println(JsonShapes.pretty(JsonShapes.saved(saved)));
    } else {
      out.println(saved.id() + (saved.isDuplicate() ? " (duplicate)" : ""));
    }
    return 0;
  }

  private static String standardInput() throws IOException {
    InputStream in = System.in;
    String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    if (text.isBlank()) {
      throw new IllegalArgumentException(
          "--content: no text; give it with --content or on standard input");
    }
    return text.strip();
  }

  private static String randomHex() {
    byte[] bytes = new byte[8];
    RANDOM.nextBytes(bytes);
    return HexFormat.of().formatHex(bytes);
  }
}
