package dev.recall4j.server;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Scope;
import dev.recall4j.engine.IndexWrites;
import dev.recall4j.engine.RecallEngine;
import dev.recall4j.engine.Teams;

/**
 * One call of a tool: the engine it runs against and the port its appends, forgets and supersedes
 * go through, the most tokens a page of records may take, who asks and with which arguments.
 */
record Call(
    RecallEngine engine, IndexWrites writes, int pageTokenCeiling, Tenant tenant, Arguments args) {
  /** A call whose writes go to the engine itself. */
  Call(RecallEngine engine, int pageTokenCeiling, Tenant tenant, Arguments args) {
    this(engine, engine, pageTokenCeiling, tenant, args);
  }

  /**
   * The namespace the call works in (the caller's, or the granted {@code team}'s it names) narrowed
   * to the project, task and session the call names.
   */
  Scope scope() {
    return tenant.scope(
        args.string("team"), args.string("project"), args.string("task"), args.string("session"));
  }

  /** The teams the call also reads: the caller's, none when it names a {@code team}. */
  Teams teams() {
    return tenant.teams(args.string("team"));
  }

  /** The record with this id the caller may see, or an error naming {@code id}. */
  MemoryRecord stored(String id) {
    return engine
        .get(scope(), teams(), id)
        .orElseThrow(() -> Arguments.bad("id", "no record " + id + " in this namespace"));
  }

  /** An empty page within the ceiling, measured by the engine's token counter. */
  Page page() {
    return new Page(pageTokenCeiling, engine.config().budget().tokenCounter());
  }
}
