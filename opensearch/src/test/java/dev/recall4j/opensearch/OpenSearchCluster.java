package dev.recall4j.opensearch;

import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * JUnit extension giving a test the real test cluster: a parameter of type {@link Hosts} (in a
 * constructor, a {@code @BeforeAll} or a test method) gets its nodes' addresses. The cluster starts
 * once per test JVM, on first use, and is shared by every test class; JUnit stops it when the last
 * test has run (the engine's root store closes it).
 */
public final class OpenSearchCluster implements ParameterResolver {
  /** The nodes' HTTP base addresses, node 1 first. */
  public record Hosts(List<URI> uris) {}

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == Hosts.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return hosts(context);
  }

  /** The test cluster's nodes, started on first use in this test JVM. */
  static Hosts hosts(ExtensionContext context) {
    TestClusterProcess cluster =
        context
            .getRoot()
            .getStore(ExtensionContext.Namespace.create(OpenSearchCluster.class))
            .getOrComputeIfAbsent(
                TestClusterProcess.class,
                key -> TestClusterProcess.start(),
                TestClusterProcess.class);
    return new Hosts(cluster.hosts());
  }
}
