package dev.recall4j.cli;

import dev.recall4j.cli.AgentStore.Question;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Seed 004's file memory under {@code .claude/}: {@code CLAUDE.md} and {@code rules/} loaded every
 * session, and per project an index {@code MEMORY.md} with topic files loaded on demand.
 */
final class CodingAgentStore implements AgentStore.Shape {
  @Override
  public void lay(Path ws) throws IOException {
    Path root = ws.resolve(".claude");
    StoreFiles.write(
        root, "CLAUDE.md", "# Instructions\n\nAlways run bun test before committing.\n");
    StoreFiles.write(root, "rules/style.md", "# Style\n\nUse TypeScript strict mode everywhere.\n");
    StoreFiles.write(
        root,
        "projects/my-project/memory/MEMORY.md",
        "# Memory index\n\n- [Build](build.md): this repo uses Bun, not Node.\n");
    StoreFiles.write(
        root,
        "projects/my-project/memory/build.md",
        "# Build\n\nThis repo uses Bun, not Node: bun install, then bun run build.\n");
    StoreFiles.write(
        root,
        "projects/my-project/memory/frontend.md",
        "# Frontend\n\nWe moved from jQuery to React in 2025; new views are React components.\n");
  }

  @Override
  public List<Question> questions() {
    return List.of(
        new Question("how do I install dependencies", "bun install"),
        new Question("which frontend framework do new views use", "React components"),
        new Question("what must I do before committing", "bun test"),
        new Question("type checking settings", "TypeScript strict mode"),
        new Question("the weather today", "[Build](build.md)")); // the index: pinned, always in
  }
}
