package dev.recall4j.server;

import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.RecallResult;
import dev.recall4j.core.Scope;
import dev.recall4j.core.ScoredRecord;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Source;
import dev.recall4j.core.Status;
import dev.recall4j.core.Tier;
import dev.recall4j.core.TokenCounter;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.SessionStats;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;

/**
 * The one implementation of every operation the server offers, whatever the transport: MCP tools
 * and the JSON API both call {@link #call}. Each operation reads its {@link Arguments} (an error
 * names the argument, before anything is changed), calls the engine for the caller's {@link
 * Tenant}, and answers with a text rendering and a {@link ResultShapes} structure.
 *
 * <p>Every answer is capped: a recall by its budget (the packer's guarantee), a search or a listing
 * by a token ceiling over the rendered items, with a cursor for the rest.
 */
final class MemoryOperations {
  static final int DEFAULT_SEARCH_LIMIT = 10;
  static final int DEFAULT_LIST_LIMIT = 20;
  static final int MAX_LIMIT = 100;

  private final RecallEngine engine;
  private final TokenCounter tokens;
  private final int pageTokenCeiling;
  private final Map<String, Function<Call, Answer>> operations =
      Map.of(
          "memory_recall", this::recall,
          "memory_search", this::search,
          "memory_append", this::append,
          "memory_context", this::context,
          "memory_get", this::get,
          "memory_list", this::list,
          "memory_forget", this::forget,
          "memory_supersede", this::supersede,
          "memory_stats", this::stats,
          "memory_record_session", this::recordSession);

  /**
   * @param pageTokenCeiling the most tokens the items of one search or list answer may take
   */
  MemoryOperations(RecallEngine engine, int pageTokenCeiling) {
    if (pageTokenCeiling < 1) {
      throw new IllegalArgumentException(
          "page token ceiling: must be >= 1, got " + pageTokenCeiling);
    }
    this.engine = engine;
    this.tokens = engine.config().budget().tokenCounter();
    this.pageTokenCeiling = pageTokenCeiling;
  }

  /**
   * Runs the named operation for a tenant.
   *
   * @throws IllegalArgumentException naming the argument at fault; nothing was changed
   * @throws IllegalStateException when the operation is off (statistics disabled)
   */
  Answer call(String tool, Tenant tenant, Map<String, Object> arguments) {
    Function<Call, Answer> operation = operations.get(tool);
    if (operation == null) {
      throw new IllegalArgumentException("no tool named " + tool);
    }
    return operation.apply(new Call(tenant, Arguments.of(ToolCatalog.named(tool), arguments)));
  }

  private record Call(Tenant tenant, Arguments args) {
    Scope scope() {
      return tenant.scope(args.string("project"), args.string("session"));
    }
  }

  private Answer recall(Call call) {
    String query = call.args().required("query");
    RecallResult result = engine.recall(request(call, query).build(), call.tenant().teams());
    return new Answer(result.context(), ResultShapes.recall(result));
  }

  private Answer context(Call call) {
    // A blank query injects the pinned records alone: the block an agent loads at session start.
    RecallRequest request =
        RecallRequest.builder("")
            .scope(call.scope())
            .budgetTokens(call.args().integer("budget_tokens", 0, Integer.MAX_VALUE))
            .build();
    RecallResult result = engine.recall(request, call.tenant().teams());
    return new Answer(result.context(), ResultShapes.recall(result));
  }

  private Answer search(Call call) {
    Arguments args = call.args();
    String query = args.required("query");
    int limit = limit(args, DEFAULT_SEARCH_LIMIT);
    int offset = offsetCursor(args);
    int wanted = Math.min(offset + limit, RecallRequest.MAX_TOP_K);
    RecallRequest request = request(call, query).topK(wanted).build();
    List<ScoredRecord> ranked =
        engine.rank(engine.retrieve(request, call.tenant().teams())).ranked();
    List<ScoredRecord> window =
        ranked.subList(Math.min(offset, ranked.size()), Math.min(wanted, ranked.size()));
    Page page = new Page(pageTokenCeiling);
    for (ScoredRecord scored : window) {
      if (!page.add(scored.record(), scored.score().finalScore())) {
        break;
      }
    }
    // Ranking returned all it had unless it filled the window; then the next call may find more.
    boolean more =
        page.size() < window.size() || ranked.size() >= wanted && wanted < RecallRequest.MAX_TOP_K;
    String cursor = more ? Integer.toString(offset + page.size()) : null;
    return page.answer(cursor);
  }

  private Answer list(Call call) {
    Arguments args = call.args();
    int limit = limit(args, DEFAULT_LIST_LIMIT);
    String after = args.string("cursor");
    Set<Silo> silos = silos(args);
    Set<Kind> kinds = kinds(args);
    Set<String> tags = new LinkedHashSet<>(args.strings("tags"));
    Page page = new Page(pageTokenCeiling);
    boolean[] more = {false};
    // Export streams in id order; the cursor is the last id returned.
    engine.export(
        call.scope(),
        call.tenant().teams(),
        record -> {
          if (more[0]
              || record.status() != Status.ACTIVE
              || after != null && record.id().compareTo(after) <= 0
              || !silos.isEmpty() && !silos.contains(record.silo())
              || !kinds.isEmpty() && !kinds.contains(record.kind())
              || !tags.isEmpty() && record.tags().stream().noneMatch(tags::contains)) {
            return;
          }
          if (page.size() >= limit || !page.add(record, null)) {
            more[0] = true;
          }
        });
    return page.answer(more[0] ? page.lastId() : null);
  }

  private Answer append(Call call) {
    Arguments args = call.args();
    String content = args.required("content");
    Silo silo = parse("silo", args.string("silo"), Silo.MEMORY, v -> Silo.parse("silo", v));
    String id = args.string("id");
    String requested = id == null ? "mem-" + UUID.randomUUID() : id;
    MemoryRecord record =
        MemoryRecord.builder()
            .id(requested)
            .silo(silo)
            .kind(parse("kind", args.string("kind"), null, v -> Kind.parse("kind", v)))
            .tier(args.flag("pinned") ? Tier.PINNED : Tier.ACTIVE)
            .scope(call.scope())
            .tags(args.strings("tags"))
            .source(parse("source", args.string("source"), null, v -> Source.parse("source", v)))
            .title(args.string("title"))
            .content(content)
            .build(Instant.now());
    MemoryRecord stored = engine.save(record);
    String duplicateOf = stored.id().equals(requested) ? null : stored.id();
    String text = duplicateOf == null ? "saved " + stored.id() : "already stored as " + duplicateOf;
    return new Answer(text, ResultShapes.saved(stored.id(), duplicateOf));
  }

  private Answer get(Call call) {
    String id = call.args().required("id");
    // Capped like a page of one: a 1M-character record is cut to the ceiling, marked truncated.
    Page page = new Page(pageTokenCeiling);
    page.add(stored(call, id), null);
    return page.single();
  }

  private Answer forget(Call call) {
    String id = call.args().required("id");
    stored(call, id);
    MemoryRecord forgotten = engine.forget(call.scope(), id);
    return new Answer("forgot " + id, ResultShapes.changed(forgotten));
  }

  private Answer supersede(Call call) {
    Arguments args = call.args();
    String id = args.required("id");
    String content = args.required("content");
    MemoryRecord old = stored(call, id);
    List<String> tags = args.strings("tags");
    MemoryRecord replacement =
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
            .title(args.string("title") == null ? old.title() : args.string("title"))
            .content(content)
            .supersedes(id)
            .build(Instant.now());
    MemoryRecord stored = engine.supersede(call.scope(), id, replacement);
    return new Answer("superseded " + id + " by " + stored.id(), ResultShapes.changed(stored));
  }

  private Answer stats(Call call) {
    Scope scope = call.scope();
    Map<String, Object> shape =
        ResultShapes.stats(engine.status(scope), engine.statistics().budgetAdvice(scope));
    return new Answer(shape.get("records") + " records; by kind " + shape.get("by_kind"), shape);
  }

  private Answer recordSession(Call call) {
    Arguments args = call.args();
    SessionStats session =
        new SessionStats(
            args.required("session_id"),
            required(args.integer("budget_tokens", 0, Integer.MAX_VALUE), "budget_tokens"),
            required(args.integer("injected_tokens", 0, Integer.MAX_VALUE), "injected_tokens"),
            args.flag("compressed"),
            args.number("avg_tokens_per_sec"));
    engine.statistics().recordSession(call.scope(), session);
    return new Answer("recorded session " + session.sessionId(), Map.of("recorded", true));
  }

  private RecallRequest.Builder request(Call call, String query) {
    Arguments args = call.args();
    return RecallRequest.builder(query)
        .scope(call.scope())
        .budgetTokens(args.integer("budget_tokens", 0, Integer.MAX_VALUE))
        .silos(silos(args))
        .kinds(kinds(args))
        .tags(new LinkedHashSet<>(args.strings("tags")));
  }

  /** The record with this id the tenant may see, or an error naming {@code id}. */
  private MemoryRecord stored(Call call, String id) {
    return engine
        .get(call.scope(), call.tenant().teams(), id)
        .orElseThrow(() -> Arguments.bad("id", "no record " + id + " in this namespace"));
  }

  private static int limit(Arguments args, int fallback) {
    Integer limit = args.integer("limit", 1, MAX_LIMIT);
    return limit == null ? fallback : limit;
  }

  private static int offsetCursor(Arguments args) {
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

  private static Set<Silo> silos(Arguments args) {
    Set<Silo> silos = new LinkedHashSet<>();
    for (String value : args.strings("silo")) {
      silos.add(parse("silo", value, null, v -> Silo.parse("silo", v)));
    }
    return silos;
  }

  private static Set<Kind> kinds(Arguments args) {
    Set<Kind> kinds = new LinkedHashSet<>();
    for (String value : args.strings("kind")) {
      kinds.add(parse("kind", value, null, v -> Kind.parse("kind", v)));
    }
    return kinds;
  }

  /** Parses a wire value, re-worded as an error of the argument; {@code fallback} when absent. */
  private static <T> T parse(String name, String value, T fallback, Function<String, T> parser) {
    if (value == null) {
      return fallback;
    }
    try {
      return parser.apply(value);
    } catch (IllegalArgumentException e) {
      throw Arguments.bad(name, e.getMessage());
    }
  }

  private static String render(MemoryRecord record, Double score, String content) {
    StringBuilder line = new StringBuilder("[").append(record.id()).append("] ");
    line.append(record.silo().name().toLowerCase(java.util.Locale.ROOT))
        .append('/')
        .append(record.kind().name());
    if (score != null) {
      line.append(String.format(java.util.Locale.ROOT, " score %.4f", score));
    }
    if (record.title() != null) {
      line.append(" — ").append(record.title());
    }
    return line.append('\n').append(content).toString();
  }

  /** The items of one search or list answer, within the token ceiling. */
  private final class Page {
    private final int ceiling;
    private final List<Map<String, Object>> items = new ArrayList<>();
    private final StringBuilder text = new StringBuilder();
    private int used;
    private String lastId;

    Page(int ceiling) {
      this.ceiling = ceiling;
    }

    /**
     * Adds a record if its rendering fits; the first record always fits, its content cut to the
     * ceiling, so a page is never empty while records remain.
     */
    boolean add(MemoryRecord record, Double score) {
      String content = record.content();
      int cost = tokens.count(render(record, score, content));
      String cut = null;
      if (used + cost > ceiling) {
        if (!items.isEmpty()) {
          return false;
        }
        cut = cut(record, score);
        content = cut;
        cost = tokens.count(render(record, score, content));
      }
      items.add(ResultShapes.record(record, score, cut));
      text.append(render(record, score, content)).append("\n\n");
      used += cost;
      lastId = record.id();
      return true;
    }

    /** The record's content halved until its rendering fits the ceiling. */
    private String cut(MemoryRecord record, Double score) {
      String content = record.content();
      String shown = content;
      int keep = content.length();
      while (keep > 1 && tokens.count(render(record, score, shown)) > ceiling) {
        keep /= 2;
        shown = content.substring(0, keep) + " …";
      }
      return shown;
    }

    int size() {
      return items.size();
    }

    String lastId() {
      return lastId;
    }

    /** The page's one record as an answer of its own (memory_get). */
    Answer single() {
      return new Answer(text.toString().strip(), items.get(0));
    }

    Answer answer(String cursor) {
      String more = cursor == null ? "" : "(more: pass cursor " + cursor + ")";
      String rendered = items.isEmpty() ? "no records" : text + more;
      return new Answer(rendered.strip(), ResultShapes.page(items, cursor));
    }
  }
}
