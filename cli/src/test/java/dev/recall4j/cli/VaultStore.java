package dev.recall4j.cli;

import dev.recall4j.cli.AgentStore.Question;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Seed 002's vault {@code wiki/}: designs with their front matter ({@code status: launched}, {@code
 * kind: design}, parent and children), the agent's memory as {@code Agent/Memory/KIND/SLUG.md} with
 * the locked front matter and supersedes back-links, a cold {@code _archive/} and a raw {@code
 * _inbox/} below the root (recall skips both), and the editor's {@code .obsidian/}.
 */
final class VaultStore implements AgentStore.Shape {
  @Override
  public void lay(Path ws) throws IOException {
    Path root = ws.resolve("wiki");
    StoreFiles.write(
        root,
        "designs/memory-system.md",
        """
        ---
        title: memory-system — design
        status: launched
        kind: design
        parent: agentm-hld.md
        children: [memoryvault.md]
        ---
        # Memory system

        Recall skips every tier's cold archive by default; markdown stays the source of truth.
        Storage goes through [[memory-storage-seam]].
        """);
    StoreFiles.write(
        root,
        "designs/memory-storage-seam.md",
        """
        ---
        title: memory-storage-seam
        status: launched
        kind: design
        ---
        The storage seam is the one door every memory write goes through.
        """);
    StoreFiles.write(
        root,
        "Agent/Memory/user_preference/indentation.md",
        """
        ---
        kind: user_preference
        tags: [go, style]
        ---
        Ada indents Go with tabs, as gofmt does.
        """);
    StoreFiles.write(
        root,
        "Agent/Memory/project_fact/ci-travis.md",
        """
        ---
        id: ci-travis
        kind: project_fact
        status: superseded
        ---
        Continuous integration runs on Travis.
        """);
    StoreFiles.write(
        root,
        "Agent/Memory/project_fact/ci-buildkite.md",
        """
        ---
        id: ci-buildkite
        kind: project_fact
        supersedes: ci-travis
        ---
        Continuous integration runs on Buildkite since March.
        """);
    StoreFiles.write(
        root,
        "Agent/Memory/_archive/user_preference/indentation-old.md",
        """
        ---
        kind: user_preference
        ---
        Ada indents Go with two spaces.
        """);
    StoreFiles.write(
        root,
        "Agent/Memory/_inbox/zig.md",
        "---\nkind: user_preference\n---\nAda might want Zig for the indentation tool.\n");
    StoreFiles.write(root, ".obsidian/workspace.md", "Obsidian layout: indentation pane left.\n");
  }

  @Override
  public List<Question> questions() {
    return List.of(
        new Question("how does Ada indent Go", "tabs", "two spaces", "Zig", "Obsidian layout"),
        new Question("where does continuous integration run", "Buildkite", "Travis"),
        new Question("does recall read the archive", "Recall skips every tier"));
  }
}
