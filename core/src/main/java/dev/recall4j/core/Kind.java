package dev.recall4j.core;

import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What a record is about. Open-ended: agents may invent kinds; the constants below are the ones the
 * seed designs share and that ranking and rendering know by name.
 *
 * @param name lower snake case, 1 to 64 characters of {@code [a-z0-9_]}, starting with a letter
 */
public record Kind(String name) {
  private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]{0,63}");

  /**
   * L0 identity: who the agent is. Shown up to {@link MemoryRecord#IDENTITY_MAX_CHARS} per block.
   */
  public static final Kind IDENTITY = new Kind("identity");

  public static final Kind WORKSPACE_PROFILE = new Kind("workspace_profile");
  public static final Kind PROJECT_FACT = new Kind("project_fact");
  public static final Kind TOOL_USE = new Kind("tool_use");
  public static final Kind WORKFLOW = new Kind("workflow");
  public static final Kind USER_PREFERENCE = new Kind("user_preference");
  public static final Kind CORRECTION = new Kind("correction");
  public static final Kind RAG_CHUNK = new Kind("rag_chunk");
  public static final Kind OBSERVATION = new Kind("observation");

  public Kind {
    Checks.notNull(name, "kind");
    Checks.require(
        NAME.matcher(name).matches(),
        "kind",
        "must be lower snake case ([a-z][a-z0-9_]{0,63}), got %s",
        Checks.excerptIfShown(name));
  }

  private static final Map<String, Kind> BUILT_IN =
      Map.of(
          IDENTITY.name,
          IDENTITY,
          WORKSPACE_PROFILE.name,
          WORKSPACE_PROFILE,
          PROJECT_FACT.name,
          PROJECT_FACT,
          TOOL_USE.name,
          TOOL_USE,
          WORKFLOW.name,
          WORKFLOW,
          USER_PREFERENCE.name,
          USER_PREFERENCE,
          CORRECTION.name,
          CORRECTION,
          RAG_CHUNK.name,
          RAG_CHUNK,
          OBSERVATION.name,
          OBSERVATION);

  /**
   * The kind named {@code name}: the shared constant for a built-in kind, else a new one (checked
   * as the constructor checks it). Readers that decode many records use it, so that they neither
   * match the name pattern nor hold a copy per record, and lookups keyed by kind meet the same
   * instance.
   */
  public static Kind of(String name) {
    Kind known = name == null ? null : BUILT_IN.get(name);
    return known != null ? known : new Kind(name);
  }

  /** Parses user input (trimmed, lower-cased, '-' read as '_'), naming {@code field} on error. */
  public static Kind parse(String field, String value) {
    String normalised = Checks.notBlank(value, field).toLowerCase(Locale.ROOT).replace('-', '_');
    try {
      return of(normalised);
    } catch (InvalidFieldException e) {
      throw new InvalidFieldException(field, e.problem(), e);
    }
  }

  /** The default kind of each silo, used when a record names none. */
  public static Kind defaultFor(Silo silo) {
    return switch (silo) {
      case MEMORY -> PROJECT_FACT;
      case RAG -> RAG_CHUNK;
      case KB -> OBSERVATION;
    };
  }

  @Override
  public String toString() {
    return name;
  }
}
