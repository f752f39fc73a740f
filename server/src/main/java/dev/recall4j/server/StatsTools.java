package dev.recall4j.server;

import dev.recall4j.core.Scope;
import dev.recall4j.engine.EngineStatus;
import dev.recall4j.engine.SessionStats;
import java.util.Map;

/** {@code memory_stats} and {@code memory_record_session}: what the memory holds, budget advice. */
final class StatsTools {
  private StatsTools() {}

  static Answer stats(Call call) {
    Scope scope = call.scope();
    EngineStatus status = call.engine().status(scope, call.teams());
    return new Answer(
        status.records() + " records; by kind " + status.byKind(),
        ResultShapes.stats(status, call.engine().statistics().budgetAdvice(scope)));
  }

  static Answer recordSession(Call call) {
    SessionStats session = RequestArguments.session(call.args());
    call.engine().statistics().recordSession(call.scope(), session);
    return new Answer("recorded session " + session.sessionId(), Map.of("recorded", true));
  }
}
