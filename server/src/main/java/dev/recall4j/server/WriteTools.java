package dev.recall4j.server;

import dev.recall4j.core.MemoryRecord;
import dev.recall4j.engine.Saved;
import dev.recall4j.engine.json.JsonShapes;

/**
 * {@code memory_append}, {@code memory_forget} and {@code memory_supersede}: the records changed.
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

  static Answer supersede(Call call) {
    Arguments args = call.args();
    String id = args.required("id");
    String content = args.required("content");
    MemoryRecord replacement = RequestArguments.replacement(call, call.stored(id), content);
    MemoryRecord stored = call.writes().supersede(call.scope(), id, replacement);
    return new Answer("superseded " + id + " by " + stored.id(), ResultShapes.changed(stored));
  }
}
