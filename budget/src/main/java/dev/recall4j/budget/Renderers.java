package dev.recall4j.budget;

import dev.recall4j.core.Checks;
import dev.recall4j.core.InvalidFieldException;
import java.util.List;
import java.util.Locale;

/** The renderers recall4j ships; all are stateless and thread-safe. */
public final class Renderers {
  private Renderers() {}

  /**
   * The names {@link #byName(String)} accepts (and, as earlier spelled, {@code memory-context} for
   * {@code grouped} and {@code tag} for {@code xml}).
   */
  public static final List<String> NAMES = List.of("grouped", "xml", "display", "json");

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
   * The renderer of that name with the default title, tag and headings: {@code grouped}, {@code
   * xml}, {@code display} or {@code json}.
   *
   * @throws IllegalArgumentException naming {@code renderer} and the accepted names when unknown
   */
  public static Renderer byName(String name) {
    return byName(name, RenderOptions.DEFAULT);
  }

  /**
   * The renderer of that name with the agent's own title, XML tag and section headings ({@code
   * json} keeps the section labels: they are keys a program reads, not words a model reads).
   *
   * @throws IllegalArgumentException naming {@code renderer} and the accepted names when unknown
   */
  public static Renderer byName(String name, RenderOptions options) {
    Checks.notNull(options, "options");
    String key = Checks.notBlank(name, "renderer").toLowerCase(Locale.ROOT);
    return switch (key) {
      case "grouped", "memory-context" ->
          options.equals(RenderOptions.DEFAULT) ? memoryContext() : BlockRenderer.grouped(options);
      case "xml", "tag" ->
          options.equals(RenderOptions.DEFAULT) ? memoryContextTag() : BlockRenderer.xml(options);
      case "json" -> options.sourceContext() ? new JsonRenderer(true) : json();
      case "display" ->
          options.equals(RenderOptions.DEFAULT) ? display() : new DisplayRenderer(options);
      default ->
          throw new InvalidFieldException(
              "renderer",
              "unknown value "
                  + Checks.excerpt(name)
                  + ", expected one of "
                  + String.join(", ", NAMES));
    };
  }
}
