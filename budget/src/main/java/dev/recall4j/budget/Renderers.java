package dev.recall4j.budget;

import dev.recall4j.core.Checks;
import java.util.List;
import java.util.Locale;

/** The renderers recall4j ships; all are stateless and thread-safe. */
public final class Renderers {
  private Renderers() {}

  /** The names {@link #byName(String)} accepts. */
  public static final List<String> NAMES = List.of("memory-context", "tag", "json", "display");

  /**
   * The grouped block for a system prompt:
   *
   * <pre>
   * [memory context]
   * [workspace profile]
   * - You are a coding agent for the acme monorepo.
   * [project facts]
   * - Build: mvn -q verify
   * [relevant experience]
   * - tool_use: Running tests. Use -pl to build one module.
   * - dialog_turn: 8 May 2023, 1:56 pm:
   *   - Caroline: I went to a support group yesterday.
   *   - Melanie: How was it?
   * [knowledge]
   * - (docs/guide.md#3) Install: Run the installer.
   * </pre>
   *
   * Consecutive ranked records of one section with the same kind and title are grouped under one
   * header line (the {@link Packer} renders them consecutively; the naive baseline only groups
   * those adjacent in its ranking). Empty sections are left out; the block is the empty string when
   * nothing is injected.
   */
  public static Renderer memoryContext() {
    return BlockRenderer.MEMORY_CONTEXT;
  }

  /**
   * The same sections wrapped in {@code <memory-context>} ... {@code </memory-context>}, for
   * injection into a user message.
   */
  public static Renderer memoryContextTag() {
    return BlockRenderer.TAG;
  }

  /** A JSON array with one object per injected record (see the renderer's keys in its output). */
  public static Renderer json() {
    return JsonRenderer.INSTANCE;
  }

  /**
   * A listing for interactive use, grouped by section with scores, ids, silo and kind. Render all
   * results with {@code display().render(entries)}: it is meant to have no budget cap.
   */
  public static Renderer display() {
    return DisplayRenderer.INSTANCE;
  }

  /**
   * The renderer of that name: {@code memory-context}, {@code tag}, {@code json} or {@code
   * display}.
   *
   * @throws IllegalArgumentException naming {@code renderer} and the accepted names when unknown
   */
  public static Renderer byName(String name) {
    String key = Checks.notBlank(name, "renderer").toLowerCase(Locale.ROOT);
    return switch (key) {
      case "memory-context" -> memoryContext();
      case "tag" -> memoryContextTag();
      case "json" -> json();
      case "display" -> display();
      default ->
          throw new IllegalArgumentException(
              "renderer: unknown value "
                  + Checks.excerpt(name)
                  + ", expected one of "
                  + String.join(", ", NAMES));
    };
  }
}
