package dev.recall4j.budget;

import dev.recall4j.core.Checks;
import dev.recall4j.core.Kind;
import dev.recall4j.core.MemoryRecord;
import dev.recall4j.core.Silo;
import java.util.Set;

/**
 * The sections of the injected context, in the order they are rendered (the tier order: standing
 * profile, project facts, experience, then documents and observations).
 *
 * <p>Pinned records are always injected first, so they only ever land in the first two sections:
 * identity and workspace-profile records in {@link #WORKSPACE_PROFILE}, every other pinned record
 * in {@link #PROJECT_FACTS}. A record recalled by relevance never goes to {@link
 * #WORKSPACE_PROFILE} (an unpinned profile record is rendered as a project fact), which is what
 * makes "pinned records precede all others" hold for the rendered block as a whole.
 */
public enum Section {
  /** Pinned identity (L0) and workspace-profile records. */
  WORKSPACE_PROFILE("workspace profile", Set.of(Kind.IDENTITY, Kind.WORKSPACE_PROFILE)),
  /** Project facts, and any other pinned record. */
  PROJECT_FACTS("project facts", Set.of(Kind.PROJECT_FACT, Kind.IDENTITY, Kind.WORKSPACE_PROFILE)),
  /**
   * Other memory-silo kinds: tool use, workflows, preferences, corrections and agent-defined kinds.
   */
  RELEVANT_EXPERIENCE("relevant experience", Set.of()),
  /** RAG chunks and KB observations. */
  KNOWLEDGE("knowledge", Set.of(Kind.RAG_CHUNK, Kind.OBSERVATION));

  private final String label;
  private final Set<Kind> ownKinds;

  Section(String label, Set<Kind> ownKinds) {
    this.label = label;
    this.ownKinds = ownKinds;
  }

  /** The section's name as rendered, e.g. {@code project facts}. */
  public String label() {
    return label;
  }

  /**
   * Whether records of this kind are this section's own, so that renderers need not label them with
   * their kind.
   */
  public boolean owns(Kind kind) {
    return ownKinds.contains(kind);
  }

  /**
   * The section a record is rendered in; {@code pinned} says whether it came as a pinned record.
   */
  public static Section of(MemoryRecord record, boolean pinned) {
    Checks.notNull(record, "record");
    Kind kind = record.kind();
    if (pinned) {
      return kind.equals(Kind.IDENTITY) || kind.equals(Kind.WORKSPACE_PROFILE)
          ? WORKSPACE_PROFILE
          : PROJECT_FACTS;
    }
    if (PROJECT_FACTS.owns(kind)) {
      return PROJECT_FACTS;
    }
    return record.silo() == Silo.MEMORY ? RELEVANT_EXPERIENCE : KNOWLEDGE;
  }
}
