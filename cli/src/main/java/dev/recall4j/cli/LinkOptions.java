package dev.recall4j.cli;

import picocli.CommandLine.Option;

/** {@code --links} / {@code --no-links} of {@code recall} and {@code search}. */
final class LinkOptions {
  @Option(
      names = "--links",
      negatable = true,
      description =
          "Follow one hop of links and resolve supersede chains to the newest version"
              + " (--no-links: do not; default: recall.links.expand).")
  Boolean links;
}
