package dev.recall4j.core.store;

import dev.recall4j.core.Checks;
import dev.recall4j.core.Kind;
import dev.recall4j.core.Scope;
import dev.recall4j.core.Silo;
import dev.recall4j.core.Status;
import dev.recall4j.core.Tier;
import java.time.Instant;
import java.util.Set;

/**
 * Which records a search may return. Every condition runs inside Lucene (filter clauses on keyword
 * fields), for lexical search, as the kNN pre-filter, and for listing.
 *
 * <p>The scope is always applied with the semantics of {@link Scope#canSee(Scope, boolean)}: the
 * namespace must match exactly; a request with a project sees that project and the records without
 * one, a request without a project only the records without one, unless {@code allProjects}; for
 * task a record without a value is visible to every request, and a request without a value sees
 * every value; for session a record without one is visible to every request, a session's records
 * only to a request in that session, unless {@code allSessions}. For every other dimension an empty
 * set means "no restriction"; a non-empty set keeps records whose value is in the set (for tags:
 * records carrying every one of the tags, compared exactly). Immutable; the sets are copied.
 *
 * @param scope required
 * @param silos allowed silos
 * @param kinds allowed kinds
 * @param tags a record must carry all of these
 * @param tiers allowed tiers
 * @param statuses allowed statuses
 * @param allProjects whether every project of the namespace is visible (see {@link
 *     Scope#canSee(Scope, boolean)})
 * @param since when set, only records created at or after it (millisecond precision)
 * @param until when set, only records created before it (millisecond precision)
 * @param allSessions whether every session's records are visible (see {@link Scope#canSee(Scope,
 *     boolean, boolean)})
 */
public record StoreFilter(
    Scope scope,
    Set<Silo> silos,
    Set<Kind> kinds,
    Set<String> tags,
    Set<Tier> tiers,
    Set<Status> statuses,
    boolean allProjects,
    Instant since,
    Instant until,
    boolean allSessions) {

  public StoreFilter {
    Checks.notNull(scope, "scope");
    silos = copy(silos, "silos");
    kinds = copy(kinds, "kinds");
    tags = copy(tags, "tags");
    tiers = copy(tiers, "tiers");
    statuses = copy(statuses, "statuses");
  }

  /** A filter of these dimensions, every project rule and time bound left at its default. */
  public StoreFilter(
      Scope scope,
      Set<Silo> silos,
      Set<Kind> kinds,
      Set<String> tags,
      Set<Tier> tiers,
      Set<Status> statuses) {
    this(scope, silos, kinds, tags, tiers, statuses, false, null, null, false);
  }

  /**
   * What recall searches by relevance: active status, active tier (pinned records are fetched
   * apart).
   */
  public static StoreFilter recallable(Scope scope) {
    return new StoreFilter(
        scope, Set.of(), Set.of(), Set.of(), Set.of(Tier.ACTIVE), Set.of(Status.ACTIVE));
  }

  /** Every tier, status and session of the scope: export, status counts, history. */
  public static StoreFilter all(Scope scope) {
    return new StoreFilter(
        scope, Set.of(), Set.of(), Set.of(), Set.of(), Set.of(), false, null, null, true);
  }

  public StoreFilter withSilos(Set<Silo> silos) {
    return new StoreFilter(
        scope, silos, kinds, tags, tiers, statuses, allProjects, since, until, allSessions);
  }

  public StoreFilter withKinds(Set<Kind> kinds) {
    return new StoreFilter(
        scope, silos, kinds, tags, tiers, statuses, allProjects, since, until, allSessions);
  }

  public StoreFilter withTags(Set<String> tags) {
    return new StoreFilter(
        scope, silos, kinds, tags, tiers, statuses, allProjects, since, until, allSessions);
  }

  public StoreFilter withTiers(Set<Tier> tiers) {
    return new StoreFilter(
        scope, silos, kinds, tags, tiers, statuses, allProjects, since, until, allSessions);
  }

  public StoreFilter withStatuses(Set<Status> statuses) {
    return new StoreFilter(
        scope, silos, kinds, tags, tiers, statuses, allProjects, since, until, allSessions);
  }

  public StoreFilter withAllProjects(boolean allProjects) {
    return new StoreFilter(
        scope, silos, kinds, tags, tiers, statuses, allProjects, since, until, allSessions);
  }

  /** Records created in {@code [since, until)}; either bound may be null (open). */
  public StoreFilter withCreated(Instant since, Instant until) {
    return new StoreFilter(
        scope, silos, kinds, tags, tiers, statuses, allProjects, since, until, allSessions);
  }

  /** Every session's records ({@code true}), or only the scope's session's and those without. */
  public StoreFilter withAllSessions(boolean allSessions) {
    return new StoreFilter(
        scope, silos, kinds, tags, tiers, statuses, allProjects, since, until, allSessions);
  }

  private static <T> Set<T> copy(Set<T> values, String field) {
    if (values == null) {
      return Set.of();
    }
    // A loop, not a stream: a recall builds several filters, each copying five sets.
    for (T value : values) {
      Checks.require(value != null, field, "must not contain null, got %s", values);
    }
    return Set.copyOf(values);
  }
}
