package dev.recall4j.server;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.engine.Saved;
import dev.recall4j.engine.SessionEnd;
import dev.recall4j.engine.json.JsonShapes;

/**
 * {@code memory_append}, {@code memory_forget}, {@code memory_supersede} and {@code
 * memory_session_end}: the records changed.
 */
final class WriteTools {
  private WriteTools() {}

  static Answer append(Call call) {
    Saved saved = call.writes().add(RequestArguments.appended(call));
    String text = saved.isDuplicate() ? "already stored as " + saved.id() : "saved " + saved.id();
    return Answer.of(text, JsonShapes.saved(saved));
  }

  static Answer forget(Call call) {
    String id = call.args().required("id");
    call.stored(id);
    MemoryRecord forgotten = call.writes().forget(call.scope(), id);
    return new Answer("forgot " + id, ResultShapes.changed(forgotten));
  }

  /** Ends the call's session: its records archived or dropped as {@code sessions.on_end} says. */
  static Answer endSession(Call call) {
    call.args().required("session");
    SessionEnd ended = call.engine().endSession(call.scope());
    String verb = ended.action() == SessionEnd.Action.DROP ? "dropped" : "archived";
    return new Answer(
        "ended session " + ended.session() + ": " + ended.ids().size() + " records " + verb,
        ResultShapes.ended(ended));
  }

  static Answer supersede(Call call) {
    Arguments args = call.args();
    String id = args.required("id");
    String content = args.required("content");
    MemoryRecord replacement = RequestArguments.replacement(call, call.stored(id), content);
    MemoryRecord stored = call.writes().supersede(call.scope(), id, replacement);
    return new Answer("superseded " + id + " by " + stored.id(), ResultShapes.changed(stored));
  }
}
