package dev.recall4j.engine;

import static dev.recall4j.engine.UncheckedIo.io;

import dev.recall4j.core.Checks;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Status;
import dev.recall4j.core.store.RecordKey;
import dev.recall4j.core.store.RecordStore;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Reads records by id as a scope may see them, one by one or along their supersede chain. */
final class RecordLookup {
  private final RecordStore store;

  RecordLookup(RecordStore store) {
    this.store = store;
  }

  /**
   * The record with this id if the scope, holding these teams, reaches it ({@link Scope#canReach}),
   * in any status or tier: looked up in the scope's own namespace first, then in each team's. An id
   * is unique only within a namespace, so a record of any other namespace is never looked at.
   */
  Optional<MemoryRecord> get(Scope scope, Teams teams, String id) {
    Checks.notNull(scope, "scope");
    Checks.notNull(teams, "teams");
    Checks.notBlank(id, "id");
    for (Scope visible : teams.visibleScopes(scope)) {
      Optional<MemoryRecord> found =
          io(() -> store.get(new RecordKey(visible.namespace(), id)))
              .filter(r -> visible.canReach(r.scope()));
      if (found.isPresent()) {
        return found;
      }
    }
    return Optional.empty();
  }

  /** The record the scope may see, or an {@link IllegalArgumentException} naming the id. */
  MemoryRecord require(Scope scope, String id) {
    Checks.notNull(scope, "scope");
    Checks.notBlank(id, "id");
    return get(scope, Teams.NONE, id)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "id: no record " + Checks.excerpt(id) + " in scope " + scope));
  }

  /** The supersede chain of a record, newest first: see {@link RecallEngine#history}. */
  List<MemoryRecord> history(Scope scope, String id) {
    MemoryRecord newest = require(scope, id);
    Set<String> seen = new HashSet<>(Set.of(newest.id()));
    for (Optional<MemoryRecord> next = successor(scope, newest);
        next.isPresent() && seen.add(next.get().id());
        next = successor(scope, newest)) {
      newest = next.get();
    }
    List<MemoryRecord> chain = new ArrayList<>(List.of(newest));
    Set<String> back = new HashSet<>(Set.of(newest.id()));
    for (MemoryRecord r = newest; r.supersedes() != null && back.add(r.supersedes()); ) {
      Optional<MemoryRecord> previous = get(scope, Teams.NONE, r.supersedes());
      if (previous.isEmpty()) {
        break;
      }
      r = previous.get();
      chain.add(r);
    }
    return chain;
  }

  /**
   * The record that superseded {@code r}: among its links, the one whose {@code supersedes} is r.
   */
  private Optional<MemoryRecord> successor(Scope scope, MemoryRecord r) {
    if (r.status() != Status.SUPERSEDED) {
      return Optional.empty();
    }
    for (String link : r.links()) {
      Optional<MemoryRecord> next =
          get(scope, Teams.NONE, link).filter(n -> r.id().equals(n.supersedes()));
      if (next.isPresent()) {
        return next;
      }
    }
    return Optional.empty();
  }
}
