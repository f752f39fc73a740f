package dev.recall4j.cli;

import dev.recall4j.cli.AgentStore.Question;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Seed 001's workspace: a curated {@code workspace/MEMORY.md} injected every turn, and the
 * append-only daily logs {@code workspace/memory/YYYY-MM-DD.md} (bullets with continuation lines,
 * paragraphs, headings, an entry struck through when it stopped being true).
 */
final class HarnessStore implements AgentStore.Shape {
  @Override
  public void lay(Path ws) throws IOException {
    Path root = ws.resolve("workspace");
    StoreFiles.write(
        root,
        "MEMORY.md",
        """
        # Long-term memory

        - The user is Mei, an SRE on the payments team.
        - Production runs on Kubernetes in eu-west-1.
        - Prefer small pull requests with a runbook link.
        """);
    StoreFiles.write(
        root,
        "memory/2026-11-03.md",
        """
        # 2026-11-03

        ## Incident review
        - Kafka consumer lag on orders-consumer reached 40k after the 14:00 deploy;
          raising max.poll.records to 500 fixed it.
        - ~~Builds run on Jenkins.~~

        Talked about the on-call rota. It changes every Monday at 09:00.
        """);
    StoreFiles.write(
        root,
        "memory/2026-11-04.md",
        """
        # 2026-11-04

        - Builds run on GitHub Actions since the migration.
        - The deploy script needs --region eu-west-1;
          without it the upload goes to us-east-1.
        """);
  }

  @Override
  public List<Question> questions() {
    return List.of(
        new Question("kafka consumer lag", "max.poll.records"),
        new Question("where do builds run", "GitHub Actions", "Jenkins"),
        new Question("deploy region flag", "--region eu-west-1"),
        new Question("when does the on-call rota change", "every Monday"),
        new Question("who is the user", "Mei"));
  }
}
