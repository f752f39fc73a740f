package dev.recall4j.engine.adapter;

import dev.recall4j.core.Wire;
import java.util.Optional;

/** A record field a framework's metadata key may set: the key is the field's lower-case name. */
public enum RecordField {
  SILO,
  KIND,
  SOURCE,
  TITLE,
  PROJECT,
  TASK,
  SESSION;

  /** The metadata key, e.g. {@code silo}. */
  public String key() {
    return Wire.name(this);
  }

  /** The field a metadata key names, or empty. */
  static Optional<RecordField> ofKey(String key) {
    for (RecordField field : values()) {
      if (field.key().equals(key)) {
        return Optional.of(field);
      }
    }
    return Optional.empty();
  }
}
