package dev.recall4j.server;

import dev.recall4j.core.Checks;
import dev.recall4j.core.InvalidFieldException;
import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Source;
import dev.recall4j.core.Tier;
import dev.recall4j.engine.SessionStats;
import dev.recall4j.engine.TimeBound;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;

/**
 * What a tool's arguments ask of the engine: a request with every filter, a record to store, a
 * session's statistics, a limit or a cursor. A value the engine's types refuse ({@link
 * InvalidFieldException}) is reported as an error of the argument it came from, {@code argument
 * 'name': problem}, before anything is changed.
 */
final class RequestArguments {
  private static final int MAX_LIMIT = 100;

  /** The arguments behind the request fields whose names differ from theirs. */
  private static final Map<String, String> ARGUMENT_OF_FIELD =
      Map.of(
          "budgetTokens", "budget_tokens",
          "includeArchived", "include_archived",
          "allProjects", "all_projects",
          "includeSessions", "include_sessions");

  private RequestArguments() {}

  /** The request of a recall, search or listing with every filter the call names. */
  static RecallRequest.Builder filters(Call call, String query) {
    Arguments args = call.args();
    Instant now = Instant.now();
    return RecallRequest.builder(query)
        .scope(call.scope())
        .budgetTokens(budgetTokens(args))
        .silos(parsed(args, "silo", v -> Silo.parse("silo", v)))
        .kinds(parsed(args, "kind", v -> Kind.parse("kind", v)))
        .tags(new LinkedHashSet<>(args.strings("tags")))
        .since(parse("since", args.string("since"), null, v -> TimeBound.parse("since", v, now)))
        .until(parse("until", args.string("until"), null, v -> TimeBound.parse("until", v, now)))
        .includeArchived(args.flag("include_archived"))
        .allProjects(args.flag("all_projects"))
        .includeSessions(args.flag("include_sessions"));
  }

  static Integer budgetTokens(Arguments args) {
    return args.integer("budget_tokens", 0, Integer.MAX_VALUE);
  }

  /** Builds a request, naming the argument a refusal is about ({@code until} before since…). */
  static RecallRequest build(RecallRequest.Builder request) {
    try {
      return request.build();
    } catch (InvalidFieldException e) {
      throw Arguments.bad(ARGUMENT_OF_FIELD.getOrDefault(e.field(), e.field()), e.problem());
    }
  }

  /**
   * A new record of {@code memory_append}: an id of its own or a generated one, in the scope the
   * call chooses ({@link #checkScope}).
   */
  static MemoryRecord appended(Call call) {
    Arguments args = call.args();
    String content = args.required("content");
    checkScope(args);
    Silo silo = parse("silo", args.string("silo"), Silo.MEMORY, v -> Silo.parse("silo", v));
    String id = args.string("id");
    return record(
        MemoryRecord.builder()
            .id(id == null ? "mem-" + UUID.randomUUID() : id)
            .silo(silo)
            .kind(parse("kind", args.string("kind"), null, v -> Kind.parse("kind", v)))
            .tier(args.flag("pinned") ? Tier.PINNED : Tier.ACTIVE)
            .scope(call.scope())
            .tags(args.strings("tags"))
            .source(parse("source", args.string("source"), null, v -> Source.parse("source", v)))
            .title(args.string("title"))
            .content(content));
  }

  /**
   * The record of a call's arguments, built now; the record's refusal of a value (an id with a
   * space, too many tags) names the argument, which has the field's name.
   */
  private static MemoryRecord record(MemoryRecord.Builder record) {
    try {
      return record.build(Instant.now());
    } catch (InvalidFieldException e) {
      throw Arguments.bad(e.field(), e.problem());
    }
  }

  /**
   * The coding agent's scopes, as {@code memory_append}'s {@code scope} names one: {@code user}
   * (the user's own, no project, no session: recalled in every project), {@code project} (needs
   * {@code project}), {@code session} (its "local": needs {@code session}; recalled only within
   * that session) or {@code team} (needs {@code team}, a team the caller is granted). Without
   * {@code scope}, the arguments given decide alone. A scope whose argument is missing, or {@code
   * user} with a project or session, is refused naming the argument.
   */
  static void checkScope(Arguments args) {
    String scope = args.string("scope");
    if (scope == null) {
      return;
    }
    switch (scope) {
      case "user" -> {
        for (String narrowing : List.of("project", "session", "team")) {
          if (args.string(narrowing) != null) {
            throw Arguments.bad(
                narrowing, "must be absent for scope user (the user's own, across projects)");
          }
        }
      }
      case "project", "session", "team" -> {
        if (args.string(scope) == null) {
          throw Arguments.bad(scope, "required for scope " + scope);
        }
      }
      default ->
          throw Arguments.bad(
              "scope", "must be user, project, session or team, got " + Checks.excerpt(scope));
    }
  }

  /**
   * The record of {@code memory_supersede} that replaces {@code old} with the call's {@code
   * content}: what the call does not name is the old record's, the source a user correction.
   */
  static MemoryRecord replacement(Call call, MemoryRecord old, String content) {
    Arguments args = call.args();
    List<String> tags = args.strings("tags");
    return record(
        MemoryRecord.builder()
            .id("mem-" + UUID.randomUUID())
            .silo(old.silo())
            .kind(parse("kind", args.string("kind"), old.kind(), v -> Kind.parse("kind", v)))
            .scope(old.scope())
            .tags(tags.isEmpty() ? old.tags() : tags)
            .source(
                parse(
                    "source",
                    args.string("source"),
                    Source.USER_CORRECTION,
                    v -> Source.parse("source", v)))
            .title(Optional.ofNullable(args.string("title")).orElse(old.title()))
            .content(content)
            .supersedes(old.id()));
  }

  /** The statistics {@code memory_record_session} records. */
  static SessionStats session(Arguments args) {
    return new SessionStats(
        args.required("session_id"),
        required(budgetTokens(args), "budget_tokens"),
        required(args.integer("injected_tokens", 0, Integer.MAX_VALUE), "injected_tokens"),
        args.flag("compressed"),
        args.number("avg_tokens_per_sec"));
  }

  /** The {@code limit} argument, or {@code fallback} when absent. */
  static int limit(Arguments args, int fallback) {
    Integer limit = args.integer("limit", 1, MAX_LIMIT);
    return limit == null ? fallback : limit;
  }

  /** A cursor this server made of an offset: the position of a page's first record; 0 without. */
  static int offsetCursor(Arguments args) {
    String cursor = args.string("cursor");
    if (cursor == null) {
      return 0;
    }
    if (!cursor.matches("\\d{1,4}")) {
      throw Arguments.bad("cursor", "not a cursor this server returned: " + cursor);
    }
    return Integer.parseInt(cursor);
  }

  private static int required(Integer value, String name) {
    if (value == null) {
      throw Arguments.bad(name, "required");
    }
    return value;
  }

  /** Each value of a list argument, parsed. */
  private static <T> Set<T> parsed(Arguments args, String name, Function<String, T> parser) {
    Set<T> values = new LinkedHashSet<>();
    for (String value : args.strings(name)) {
      values.add(parse(name, value, null, parser));
    }
    return values;
  }

  /**
   * Parses a wire value, a refusal reworded as an error of the argument; {@code fallback} when
   * absent.
   */
  private static <T> T parse(String name, String value, T fallback, Function<String, T> parser) {
    if (value == null) {
      return fallback;
    }
    try {
      return parser.apply(value);
    } catch (IllegalArgumentException e) {
      throw Arguments.bad(
          name,
          e instanceof InvalidFieldException f && f.field().equals(name)
              ? f.problem()
              : e.getMessage());
    }
  }
}
