package dev.recall4j.server;

import dev.recall4j.engine.IndexWrites;
import dev.recall4j.engine.RecallEngine;
import java.util.Map;

/**
 * Runs the {@link Tool}s for both transports: MCP tools and the JSON API call {@link #call} with a
 * tool, the caller's {@link Tenant} and the arguments as the client sent them. The arguments are
 * checked against the tool's published schema ({@link Arguments}) before its handler runs, so an
 * error names the argument and nothing is changed.
 *
 * <p>Every answer is capped: a recall by its budget (the packer's guarantee), a search, a listing
 * or a get by a token ceiling over the rendered items ({@link Page}), with a cursor for the rest.
 */
final class MemoryOperations {
  private final RecallEngine engine;
  private final IndexWrites writes;
  private final int pageTokenCeiling;

  /**
   * @param pageTokenCeiling the most tokens the items of one search or list answer may take
   */
  MemoryOperations(RecallEngine engine, int pageTokenCeiling) {
    this(engine, engine, pageTokenCeiling);
  }

  /**
   * @param writes where appends, forgets and supersedes go: the engine, or a port over it that
   *     writes an agent's files first ({@code SourceWriteBack})
   * @param pageTokenCeiling the most tokens the items of one search or list answer may take
   */
  MemoryOperations(RecallEngine engine, IndexWrites writes, int pageTokenCeiling) {
    if (pageTokenCeiling < 1) {
      throw new IllegalArgumentException(
          "page token ceiling: must be >= 1, got " + pageTokenCeiling);
    }
    this.engine = engine;
    this.writes = writes;
    this.pageTokenCeiling = pageTokenCeiling;
  }

  /**
   * Runs a tool for a tenant.
   *
   * @throws IllegalArgumentException naming the argument at fault; nothing was changed
   * @throws IllegalStateException when the operation is off (statistics disabled)
   */
  Answer call(Tool tool, Tenant tenant, Map<String, Object> arguments) {
    Arguments args = Arguments.of(tool, arguments);
    return tool.handler().handle(new Call(engine, writes, pageTokenCeiling, tenant, args));
  }

  /** {@link #call(Tool, Tenant, Map)} with the tool named as clients name it. */
  Answer call(String tool, Tenant tenant, Map<String, Object> arguments) {
    return call(Tool.named(tool), tenant, arguments);
  }
}
