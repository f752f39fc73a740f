package dev.recall4j.opensearch;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.recall4j.core.Kind;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Wire;
import dev.recall4j.core.store.StoreFilter;
import java.util.Collection;
import java.util.List;

/**
 * A {@link StoreFilter} as the clauses of a {@code bool.filter}: the same conditions the in-process
 * store puts inside its Lucene query, with the same semantics ({@link Scope#canSee(Scope, boolean,
 * boolean)}), given to BM25 queries, to listings and as the k-NN pre-filter. The namespace is
 * always a clause, even though the request is also routed by it: routing picks a shard, which holds
 * other namespaces too.
 */
final class Filters {
  private Filters() {}

  static ArrayNode of(StoreFilter f) {
    ArrayNode clauses = Cluster.JSON.createArrayNode();
    Scope scope = f.scope();
    clauses.add(term(Mapping.NAMESPACE, scope.namespace()));
    if (!f.allProjects()) {
      // A record without a project is the user's own and applies to every request.
      clauses.add(
          scope.project() == null
              ? absent(Mapping.PROJECT)
              : valueOrAbsent(Mapping.PROJECT, scope.project()));
    }
    // Task: a record without a value applies everywhere; a request without one sees all.
    if (scope.task() != null) {
      clauses.add(valueOrAbsent(Mapping.TASK, scope.task()));
    }
    // Session: a record without one applies everywhere; a session's records only within it.
    if (!f.allSessions()) {
      clauses.add(
          scope.session() == null
              ? absent(Mapping.SESSION)
              : valueOrAbsent(Mapping.SESSION, scope.session()));
    }
    anyOf(clauses, Mapping.SILO, f.silos().stream().map(Wire::name).toList());
    anyOf(clauses, Mapping.KIND, f.kinds().stream().map(Kind::name).toList());
    // A record must carry every tag: one clause each.
    f.tags().stream().sorted().forEach(tag -> clauses.add(term(Mapping.TAGS, tag)));
    if (f.since() != null || f.until() != null) {
      // Millisecond precision, as in process: created in [since, until).
      ObjectNode range =
          clauses
              .addObject()
              .putObject("range")
              .putObject(Mapping.CREATED)
              .put("format", "epoch_millis");
      if (f.since() != null) {
        range.put("gte", f.since().toEpochMilli());
      }
      if (f.until() != null) {
        range.put("lte", f.until().toEpochMilli() - 1);
      }
    }
    anyOf(clauses, Mapping.TIER, f.tiers().stream().map(Wire::name).toList());
    anyOf(clauses, Mapping.STATUS, f.statuses().stream().map(Wire::name).toList());
    return clauses;
  }

  /** A {@code bool} query of nothing but these filter clauses: matches without scoring. */
  static ObjectNode only(ArrayNode clauses) {
    ObjectNode query = Cluster.JSON.createObjectNode();
    query.putObject("bool").set("filter", clauses);
    return query;
  }

  static ObjectNode term(String field, String value) {
    ObjectNode term = Cluster.JSON.createObjectNode();
    term.putObject("term").put(field, value);
    return term;
  }

  static ObjectNode terms(String field, Collection<String> values) {
    ObjectNode terms = Cluster.JSON.createObjectNode();
    ArrayNode list = terms.putObject("terms").putArray(field);
    values.stream().sorted().forEach(list::add);
    return terms;
  }

  private static void anyOf(ArrayNode clauses, String field, List<String> allowed) {
    if (!allowed.isEmpty()) {
      clauses.add(terms(field, allowed));
    }
  }

  private static ObjectNode absent(String field) {
    ObjectNode query = Cluster.JSON.createObjectNode();
    query.putObject("bool").putObject("must_not").putObject("exists").put("field", field);
    return query;
  }

  private static ObjectNode valueOrAbsent(String field, String value) {
    ObjectNode query = Cluster.JSON.createObjectNode();
    ObjectNode bool = query.putObject("bool");
    bool.putArray("should").add(term(field, value)).add(absent(field));
    bool.put("minimum_should_match", 1);
    return query;
  }
}
