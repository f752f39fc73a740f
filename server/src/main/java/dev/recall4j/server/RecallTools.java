package dev.recall4j.server;

import dev.recall4j.core.RecallRequest;
import dev.recall4j.core.RecallResult;
import dev.recall4j.engine.json.JsonShapes;

/**
 * {@code memory_recall} and {@code memory_context}: the engine's recall, answered with its context
 * and the engine's recall shape. The budget caps the answer (the packer's guarantee).
 */
final class RecallTools {
  private RecallTools() {}

  static Answer recall(Call call) {
    String query = call.args().required("query");
    return answer(call, RequestArguments.build(RequestArguments.filters(call, query)));
  }

  /** A blank query injects the pinned records alone: the block an agent loads at session start. */
  static Answer context(Call call) {
    return answer(
        call,
        RequestArguments.build(
            RecallRequest.builder("")
                .scope(call.scope())
                .budgetTokens(RequestArguments.budgetTokens(call.args()))
                .includeSessions(call.args().flag("include_sessions"))));
  }

  private static Answer answer(Call call, RecallRequest request) {
    RecallResult result = call.engine().recall(request, call.teams());
    return Answer.of(result.context(), JsonShapes.recall(result, false));
  }
}
