package dev.recall4j.server;

import dev.recall4j.core.InvalidFieldException;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.ScoredRecord;
import dev.recall4j.engine.RecordPage;
import dev.recall4j.engine.SearchResult;
import dev.recall4j.sources.SyncedRecords;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code memory_search}, {@code memory_list} and {@code memory_get}: records read and answered a
 * {@link Page} at a time, within the server's token ceiling, with a cursor for the rest.
 */
final class ReadTools {
  private static final int DEFAULT_SEARCH_LIMIT = 10;
  private static final int DEFAULT_LIST_LIMIT = 20;

  private ReadTools() {}

  /**
   * The engine's search, paged: the cursor is the offset of the page's first record, and a page
   * re-runs the query for {@code offset + limit} records, so later pages cost a little more.
   */
  static Answer search(Call call) {
    Arguments args = call.args();
    String query = args.required("query");
    int limit = RequestArguments.limit(args, DEFAULT_SEARCH_LIMIT);
    int offset = RequestArguments.offsetCursor(args);
    int wanted = Math.min(offset + limit, RecallRequest.MAX_TOP_K);
    RecallRequest.Builder request = RequestArguments.filters(call, query);
    // The engine ranks at most top-k candidates per path: ask for enough to fill the page.
    if (wanted > call.engine().config().recall().topK()) {
      request.topK(wanted);
    }
    SearchResult result =
        call.engine().search(RequestArguments.build(request), call.teams(), wanted);
    List<ScoredRecord> ranked = result.items();
    List<ScoredRecord> window = ranked.subList(Math.min(offset, ranked.size()), ranked.size());
    Page page = call.page();
    for (ScoredRecord scored : window) {
      if (!page.add(scored.record(), scored.score().finalScore())) {
        break;
      }
    }
    // The engine returned all it had unless it filled the window; then the next call may find more.
    boolean more =
        page.size() < window.size() || ranked.size() >= wanted && wanted < RecallRequest.MAX_TOP_K;
    String next = more ? Integer.toString(offset + page.size()) : null;
    return Answer.of(page.text(next), PageShapes.search(result.retrieval(), window, page, next));
  }

  /**
   * The engine's listing, within the token ceiling: a page the ceiling cuts short is asked again
   * for just the records that fit, so its cursor is the engine's own.
   */
  static Answer list(Call call) {
    Arguments args = call.args();
    int limit = RequestArguments.limit(args, DEFAULT_LIST_LIMIT);
    String cursor = args.string("cursor");
    RecallRequest request = RequestArguments.build(RequestArguments.filters(call, ""));
    while (true) {
      RecordPage records = listPage(call, request, cursor, limit);
      Page page = call.page();
      for (MemoryRecord record : records.records()) {
        if (!page.add(record, null)) {
          break;
        }
      }
      if (page.size() == records.records().size()) {
        return Answer.of(page.text(records.next()), PageShapes.list(page, records.next(), false));
      }
      limit = page.size(); // at least 1: a page's first record always fits, cut if need be
    }
  }

  private static RecordPage listPage(Call call, RecallRequest request, String cursor, int limit) {
    try {
      return call.engine().list(request, call.teams(), cursor, limit);
    } catch (InvalidFieldException e) {
      if (e.field().equals("cursor")) {
        throw Arguments.bad("cursor", "not a cursor this listing returned: " + cursor);
      }
      throw e;
    }
  }

  /** One record by {@code id}, or the records of the synced files a {@code path} names. */
  static Answer get(Call call) {
    Arguments args = call.args();
    String id = args.string("id");
    String path = args.string("path");
    if ((id == null) == (path == null)) {
      throw Arguments.bad("id", "give exactly one of id and path");
    }
    if (path != null) {
      return files(call, path);
    }
    if (args.string("cursor") != null) {
      throw Arguments.bad("cursor", "only with path");
    }
    // Capped like a page of one: a 1M-character record is cut to the ceiling, marked truncated.
    Page page = call.page();
    page.add(call.stored(id), null);
    return Answer.of(page.text(null), PageShapes.record(page.shown().get(0)));
  }

  /**
   * The records of the synced files a path or glob names, in file order, paged within the token
   * ceiling like a search: the cursor is the offset of the page's first record.
   */
  private static Answer files(Call call, String path) {
    List<MemoryRecord> records;
    try {
      records =
          SyncedRecords.of(
              call.engine(), call.scope(), call.teams(), path, Path.of("").toAbsolutePath());
    } catch (IllegalArgumentException e) {
      throw Arguments.bad("path", e.getMessage());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    int offset = RequestArguments.offsetCursor(call.args());
    List<MemoryRecord> window = records.subList(Math.min(offset, records.size()), records.size());
    Page page = call.page();
    for (MemoryRecord record : window) {
      if (!page.add(record, null)) {
        break;
      }
    }
    String next = page.size() < window.size() ? Integer.toString(offset + page.size()) : null;
    return Answer.of(page.text(next), PageShapes.list(page, next, true));
  }
}
