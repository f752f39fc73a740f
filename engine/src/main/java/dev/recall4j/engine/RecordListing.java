package dev.recall4j.engine;

import static dev.recall4j.engine.UncheckedIo.io;

import dev.recall4j.core.Checks;
import dev.recall4j.core.InvalidFieldException;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Tier;
import dev.recall4j.core.store.RecordStore;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.EnumSet;
import java.util.List;
import java.util.TreeMap;

/**
 * Pages through the records a request's filters allow, in id order, across every scope the caller
 * may see. The cursor is the last id of a page, encoded so that callers treat it as opaque (the
 * encoding may change; a cursor is only good for the listing that gave it).
 */
final class RecordListing {
  /** The largest page. */
  static final int MAX_LIMIT = 1_000;

  private final RecordStore store;

  RecordListing(RecordStore store) {
    this.store = store;
  }

  /** See {@link RecallEngine#list}. */
  RecordPage list(RecallRequest request, Teams teams, String cursor, int limit) {
    Checks.notNull(request, "request");
    Checks.notNull(teams, "teams");
    Checks.require(
        limit >= 1 && limit <= MAX_LIMIT, "limit", "must be in [1, %d], got %d", MAX_LIMIT, limit);
    String after = cursor == null || cursor.isBlank() ? null : decode(cursor.strip());
    EnumSet<Tier> tiers = Retriever.searchedTiers(request);
    tiers.add(Tier.PINNED);
    // One page per visible scope, one more record than asked to learn whether another page
    // follows; their union in id order is the page of a listing over all of them.
    TreeMap<String, MemoryRecord> merged = new TreeMap<>();
    for (Scope scope : teams.visibleScopes(request.scope())) {
      for (MemoryRecord r :
          io(
              () ->
                  store.find(
                      Retriever.filter(request, scope).withTiers(tiers), after, limit + 1))) {
        merged.put(r.id(), r);
      }
    }
    List<MemoryRecord> page = merged.values().stream().limit(limit).toList();
    String next = merged.size() > limit ? encode(page.get(page.size() - 1).id()) : null;
    return new RecordPage(page, next);
  }

  private static String encode(String id) {
    return Base64.getUrlEncoder()
        .withoutPadding()
        .encodeToString(id.getBytes(StandardCharsets.UTF_8));
  }

  private static String decode(String cursor) {
    try {
      return new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw new InvalidFieldException(
          "cursor", "not a cursor a listing gave, got " + Checks.excerpt(cursor), e);
    }
  }
}
