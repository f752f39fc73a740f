package dev.recall4j.server;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.RecallResult;
import dev.recall4j.core.Scope;
import dev.recall4j.core.ScoredRecord;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Source;
import dev.recall4j.core.Tier;
import dev.recall4j.core.TokenCounter;
import dev.recall4j.core.Wire;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.RecordPage;
import dev.recall4j.engine.Saved;
import dev.recall4j.engine.SearchResult;
import dev.recall4j.engine.SessionStats;
import dev.recall4j.engine.TimeBound;
import dev.recall4j.engine.json.JsonShapes;
import dev.recall4j.sources.SyncedRecords;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;

/**
 * The one implementation of every operation the server offers, whatever the transport: MCP tools
 * and the JSON API both call {@link #call}. Each operation reads its {@link Arguments} (an error
 * names the argument, before anything is changed), calls the engine for the caller's {@link
 * Tenant}, and answers with a text rendering and the engine's JSON shape ({@link JsonShapes},
 * schema 1: recall, search, list, append) or a {@link ResultShapes} one (the others).
 *
 * <p>Every answer is capped: a recall by its budget (the packer's guarantee), a search or a listing
 * by a token ceiling over the rendered items, with a cursor for the rest.
 */
final class MemoryOperations {
  static final int DEFAULT_SEARCH_LIMIT = 10;
  static final int DEFAULT_LIST_LIMIT = 20;
  static final int MAX_LIMIT = 100;
  private static final ObjectMapper OBJECTS = new ObjectMapper();
  private static final TypeReference<Map<String, Object>> STRUCTURE = new TypeReference<>() {};

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
      return tenant.scope(args.string("project"), args.string("task"), args.string("session"));
    }
  }

  private Answer recall(Call call) {
    String query = call.args().required("query");
    RecallResult result = engine.recall(build(filters(call, query)), call.tenant().teams());
    return new Answer(result.context(), structure(JsonShapes.recall(result, false)));
  }

  private Answer context(Call call) {
    // A blank query injects the pinned records alone: the block an agent loads at session start.
    RecallRequest request =
        build(
            RecallRequest.builder("")
                .scope(call.scope())
                .budgetTokens(call.args().integer("budget_tokens", 0, Integer.MAX_VALUE)));
    RecallResult result = engine.recall(request, call.tenant().teams());
    return new Answer(result.context(), structure(JsonShapes.recall(result, false)));
  }

  /**
   * The engine's search, paged: the cursor is the offset of the page's first record, and a page
   * re-runs the query for {@code offset + limit} records, so later pages cost a little more.
   */
  private Answer search(Call call) {
    Arguments args = call.args();
    String query = args.required("query");
    int limit = limit(args, DEFAULT_SEARCH_LIMIT);
    int offset = offsetCursor(args);
    int wanted = Math.min(offset + limit, RecallRequest.MAX_TOP_K);
    RecallRequest.Builder request = filters(call, query);
    // The engine ranks at most top-k candidates per path: ask for enough to fill the page.
    if (wanted > engine.config().recall().topK()) {
      request.topK(wanted);
    }
    SearchResult result = engine.search(build(request), call.tenant().teams(), wanted);
    List<ScoredRecord> ranked = result.items();
    List<ScoredRecord> window = ranked.subList(Math.min(offset, ranked.size()), ranked.size());
    Page page = new Page(pageTokenCeiling);
    for (ScoredRecord scored : window) {
      if (!page.add(scored.record(), scored.score().finalScore())) {
        break;
      }
    }
    // The engine returned all it had unless it filled the window; then the next call may find more.
    boolean more =
        page.size() < window.size() || ranked.size() >= wanted && wanted < RecallRequest.MAX_TOP_K;
    ObjectNode shape =
        JsonShapes.search(
            new SearchResult(window.subList(0, page.size()), result.retrieval()), false);
    page.markCuts(shape);
    shape.put("next", more ? Integer.toString(offset + page.size()) : null);
    return page.answer(shape, shape.get("next").asText(null));
  }

  /**
   * The engine's listing, within the token ceiling: a page the ceiling cuts short is asked again
   * for just the records that fit, so its cursor is the engine's own.
   */
  private Answer list(Call call) {
    Arguments args = call.args();
    int limit = limit(args, DEFAULT_LIST_LIMIT);
    String cursor = args.string("cursor");
    RecallRequest request = build(filters(call, ""));
    while (true) {
      RecordPage records = listPage(request, call, cursor, limit);
      Page page = new Page(pageTokenCeiling);
      for (MemoryRecord record : records.records()) {
        if (!page.add(record, null)) {
          break;
        }
      }
      if (page.size() == records.records().size()) {
        ObjectNode shape = JsonShapes.list(records);
        page.markCuts(shape);
        return page.answer(shape, records.next());
      }
      limit = page.size(); // at least 1: a page's first record always fits, cut if need be
    }
  }

  private RecordPage listPage(RecallRequest request, Call call, String cursor, int limit) {
    try {
      return engine.list(request, call.tenant().teams(), cursor, limit);
    } catch (IllegalArgumentException e) {
      if (e.getMessage().startsWith("cursor:")) {
        throw Arguments.bad("cursor", "not a cursor this listing returned: " + cursor);
      }
      throw e;
    }
  }

  private Answer append(Call call) {
    Arguments args = call.args();
    String content = args.required("content");
    Silo silo = parse("silo", args.string("silo"), Silo.MEMORY, v -> Silo.parse("silo", v));
    String id = args.string("id");
    MemoryRecord record =
        MemoryRecord.builder()
            .id(id == null ? "mem-" + UUID.randomUUID() : id)
            .silo(silo)
            .kind(parse("kind", args.string("kind"), null, v -> Kind.parse("kind", v)))
            .tier(args.flag("pinned") ? Tier.PINNED : Tier.ACTIVE)
            .scope(call.scope())
            .tags(args.strings("tags"))
            .source(parse("source", args.string("source"), null, v -> Source.parse("source", v)))
            .title(args.string("title"))
            .content(content)
            .build(Instant.now());
    Saved saved = engine.add(record);
    String text = saved.isDuplicate() ? "already stored as " + saved.id() : "saved " + saved.id();
    return new Answer(text, structure(JsonShapes.saved(saved)));
  }

  private Answer get(Call call) {
    Arguments args = call.args();
    String id = args.string("id");
    String path = args.string("path");
    if ((id == null) == (path == null)) {
      throw Arguments.bad("id", "give exactly one of id and path");
    }
    if (path != null) {
      return getFiles(call, path);
    }
    if (args.string("cursor") != null) {
      throw Arguments.bad("cursor", "only with path");
    }
    MemoryRecord record = stored(call, id);
    // Capped like a page of one: a 1M-character record is cut to the ceiling, marked truncated.
    Page page = new Page(pageTokenCeiling);
    page.add(record, null);
    ObjectNode shape = JsonShapes.list(new RecordPage(List.of(record), null));
    page.markCuts(shape);
    ObjectNode item = withState((ObjectNode) shape.get("items").get(0), record);
    ObjectNode answer = OBJECTS.createObjectNode().put("schema", JsonShapes.SCHEMA);
    answer.setAll(item);
    return new Answer(page.text(), structure(answer));
  }

  /**
   * The records of the synced files a path or glob names, in file order, paged within the token
   * ceiling like a search: the cursor is the offset of the page's first record.
   */
  private Answer getFiles(Call call, String path) {
    List<MemoryRecord> records;
    try {
      records =
          SyncedRecords.of(
              engine, call.scope(), call.tenant().teams(), path, Path.of("").toAbsolutePath());
    } catch (IllegalArgumentException e) {
      throw Arguments.bad("path", e.getMessage());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    int offset = offsetCursor(call.args());
    List<MemoryRecord> window = records.subList(Math.min(offset, records.size()), records.size());
    Page page = new Page(pageTokenCeiling);
    for (MemoryRecord record : window) {
      if (!page.add(record, null)) {
        break;
      }
    }
    String next = page.size() < window.size() ? Integer.toString(offset + page.size()) : null;
    List<MemoryRecord> shown = window.subList(0, page.size());
    ObjectNode shape = JsonShapes.list(new RecordPage(shown, next));
    page.markCuts(shape);
    for (int i = 0; i < shown.size(); i++) {
      withState((ObjectNode) shape.get("items").get(i), shown.get(i));
    }
    return page.answer(shape, next);
  }

  /** A listed record with the state a listing leaves out (get answers any status). */
  private static ObjectNode withState(ObjectNode item, MemoryRecord record) {
    item.put("status", Wire.name(record.status()));
    item.put("task", record.scope().task());
    item.put("session", record.scope().session());
    item.put("supersedes", record.supersedes());
    return item;
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

  /** The request of a recall, search or listing with every filter the call names. */
  private static RecallRequest.Builder filters(Call call, String query) {
    Arguments args = call.args();
    Instant now = Instant.now();
    return RecallRequest.builder(query)
        .scope(call.scope())
        .budgetTokens(args.integer("budget_tokens", 0, Integer.MAX_VALUE))
        .silos(silos(args))
        .kinds(kinds(args))
        .tags(new LinkedHashSet<>(args.strings("tags")))
        .since(parse("since", args.string("since"), null, v -> TimeBound.parse("since", v, now)))
        .until(parse("until", args.string("until"), null, v -> TimeBound.parse("until", v, now)))
        .includeArchived(args.flag("include_archived"))
        .allProjects(args.flag("all_projects"));
  }

  /** Builds a request, naming the argument a refusal is about ({@code until} before since…). */
  private static RecallRequest build(RecallRequest.Builder request) {
    try {
      return request.build();
    } catch (IllegalArgumentException e) {
      String message = e.getMessage();
      int colon = message.indexOf(':');
      String field = colon < 0 ? "request" : message.substring(0, colon);
      throw Arguments.bad(
          snakeCase(field), colon < 0 ? message : message.substring(colon + 1).strip());
    }
  }

  private static String snakeCase(String field) {
    return field.replaceAll("([a-z])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
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
      String message = e.getMessage();
      throw Arguments.bad(
          name, message.startsWith(name + ": ") ? message.substring(name.length() + 2) : message);
    }
  }

  /** A JSON shape as the map both transports send (MCP structured content, JSON API body). */
  private static Map<String, Object> structure(ObjectNode shape) {
    return OBJECTS.convertValue(shape, STRUCTURE);
  }

  private static String render(MemoryRecord record, Double score, String content) {
    StringBuilder line = new StringBuilder("[").append(record.id()).append("] ");
    line.append(Wire.name(record.silo())).append('/').append(record.kind().name());
    if (score != null) {
      line.append(String.format(Locale.ROOT, " score %.4f", score));
    }
    if (record.title() != null) {
      line.append(" — ").append(record.title());
    }
    return line.append('\n').append(content).toString();
  }

  /**
   * The records of one search, list or get answer within the token ceiling, and their text. The
   * first record always fits, its content cut to the ceiling, so a page is never empty while
   * records remain.
   */
  private final class Page {
    private final int ceiling;
    private final List<String> cuts = new ArrayList<>();
    private final StringBuilder text = new StringBuilder();
    private int used;

    Page(int ceiling) {
      this.ceiling = ceiling;
    }

    /** Adds a record if its rendering fits (the first always does, cut if need be). */
    boolean add(MemoryRecord record, Double score) {
      String content = record.content();
      int cost = tokens.count(render(record, score, content));
      String cut = null;
      if (used + cost > ceiling) {
        if (!cuts.isEmpty()) {
          return false;
        }
        cut = cut(record, score);
        content = cut;
        cost = tokens.count(render(record, score, content));
      }
      cuts.add(cut);
      text.append(render(record, score, content)).append("\n\n");
      used += cost;
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
      return cuts.size();
    }

    String text() {
      return text.toString().strip();
    }

    /**
     * Marks each item of {@code shape} (the page's records in order) {@code truncated}, with its
     * cut content where the ceiling cut it.
     */
    void markCuts(ObjectNode shape) {
      JsonNode items = shape.get("items");
      for (int i = 0; i < cuts.size(); i++) {
        ObjectNode item = (ObjectNode) items.get(i);
        if (cuts.get(i) != null) {
          item.put("content", cuts.get(i));
        }
        item.put("truncated", cuts.get(i) != null);
      }
    }

    Answer answer(ObjectNode shape, String next) {
      String more = next == null ? "" : "(more: pass cursor " + next + ")";
      String rendered = cuts.isEmpty() ? "no records" : text + more;
      return new Answer(rendered.strip(), structure(shape));
    }
  }
}
