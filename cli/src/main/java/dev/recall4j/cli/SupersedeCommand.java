package dev.recall4j.cli;

import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Source;
import dev.recall4j.core.Tier;
import dev.recall4j.engine.EngineConfig;
import dev.recall4j.engine.IndexWrites;
import dev.recall4j.engine.RecordJson;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * Replaces a record by a corrected one. The new record takes the old one's silo, kind, tier, scope,
 * tags and title unless the options say otherwise; its source defaults to {@code user_correction},
 * since a person typing a correction is the most reliable source there is.
 */
@Command(
    name = "supersede",
    description = "Replace a record by a new version (old: superseded, kept for history).")
final class SupersedeCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin EngineOptions options;

  @Parameters(index = "0", paramLabel = "OLD_ID", description = "The record to replace.")
  String oldId;

  @Option(
      names = "--content",
      required = true,
      paramLabel = "TEXT",
      description = "The new content.")
  String content;

  @Option(
      names = "--id",
      paramLabel = "NEW_ID",
      description = "Id of the new record (default: derived from the content).")
  String newId;

  @Option(
      names = "--title",
      paramLabel = "TEXT",
      description = "Title (default: the old record's).")
  String title;

  @Option(names = "--kind", paramLabel = "KIND", description = "Kind (default: the old record's).")
  String kind;

  @Option(
      names = "--tag",
      paramLabel = "TAG",
      description = "Tags, repeatable (default: the old record's).")
  List<String> tags;

  @Option(
      names = "--source",
      paramLabel = "SOURCE",
      defaultValue = "user_correction",
      description = "Provenance: user_correction (default), user, agent, system or import.")
  String source;

  @Override
  public Integer call() throws IOException {
    EngineConfig config = options.config();
    Scope scope = options.scope(config);
    MemoryRecord created;
    try (IndexWrites writes = options.openRecordWrites(config)) {
      MemoryRecord old =
          writes
              .get(scope, oldId)
              .orElseThrow(
                  () ->
                      new IllegalArgumentException(
                          "OLD_ID: no record \"" + oldId + "\" in scope " + scope));
      MemoryRecord.Builder next =
          old.toBuilder()
              .id(newId != null ? newId : RecordJson.derivedId(old.silo(), content))
              .content(content)
              .source(Source.parse("--source", source))
              .tier(old.tier() == Tier.ARCHIVED ? Tier.ACTIVE : old.tier())
              .created(null)
              .updated(null)
              .lastAccessed(null)
              .recallCount(0)
              .supersedes(oldId)
              .links(List.of())
              .summary(null)
              .origin(null)
              .trust(null)
              .vector(null)
              .embeddingModel(null);
      if (title != null) {
        next.title(title);
      }
      if (kind != null) {
        next.kind(Kind.parse("--kind", kind));
      }
      if (tags != null) {
        next.tags(tags);
      }
      created = writes.supersede(scope, oldId, next.build(Instant.now()));
    }
    spec.commandLine().getOut().println("superseded " + oldId + " by " + created.id());
    return 0;
  }
}
