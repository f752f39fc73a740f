package dev.recall4j.server;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RetrievalMode;
import dev.recall4j.core.ScoredRecord;
import dev.recall4j.core.Wire;
import dev.recall4j.engine.json.JsonShapes;
import java.util.List;

/**
 * The JSON of search, list and get answers (docs/JSON.md, "In a server"): the engine's item shapes
 * ({@link JsonShapes}) with each record's content as its {@link Page} shows it, then {@code
 * truncated}; a page's {@code next} cursor; and for get the state a listing leaves out.
 */
final class PageShapes {
  private PageShapes() {}

  /** A page of a search: {@code ranked} holds the page's records first, in page order. */
  static ObjectNode search(
      RetrievalMode retrieval, List<ScoredRecord> ranked, Page page, String next) {
    ObjectNode root = JsonShapes.root();
    root.set("retrieval", JsonShapes.retrieval(retrieval));
    ArrayNode items = root.putArray("items");
    List<Page.Shown> shown = page.shown();
    for (int i = 0; i < shown.size(); i++) {
      JsonShapes.searchItem(items.addObject(), ranked.get(i), shown.get(i).content(), false)
          .put("truncated", shown.get(i).truncated());
    }
    return root.put("next", next);
  }

  /** A page of a listing; with {@code state}, each item also has the state {@link #record} adds. */
  static ObjectNode list(Page page, String next, boolean state) {
    ObjectNode root = JsonShapes.root();
    ArrayNode items = root.putArray("items");
    for (Page.Shown shown : page.shown()) {
      ObjectNode item = listItem(items.addObject(), shown);
      if (state) {
        withState(item, shown.record());
      }
    }
    return root.put("next", next);
  }

  /** One record read by id: {@code schema}, the listing item, and its state. */
  static ObjectNode record(Page.Shown shown) {
    return withState(listItem(JsonShapes.root(), shown), shown.record());
  }

  private static ObjectNode listItem(ObjectNode into, Page.Shown shown) {
    return JsonShapes.listItem(into, shown.record(), shown.content())
        .put("truncated", shown.truncated());
  }

  /** The state a listing leaves out (get answers any status). */
  private static ObjectNode withState(ObjectNode item, MemoryRecord record) {
    return item.put("status", Wire.name(record.status()))
        .put("task", record.scope().task())
        .put("session", record.scope().session())
        .put("supersedes", record.supersedes());
  }
}
