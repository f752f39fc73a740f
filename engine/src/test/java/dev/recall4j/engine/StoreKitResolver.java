package dev.recall4j.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * A JUnit extension giving a {@link StoreKit} parameter (of a {@code @BeforeEach} or {@code
 * BeforeAll} method): a new kit per resolution, closed when the context that asked for it ends
 * (after the test, or after the class). Registered on a runner class, it serves every {@code
 * Nested} suite inside it, so that one class lists the suites a kind of store passes.
 */
public abstract class StoreKitResolver implements ParameterResolver {
  private static final ExtensionContext.Namespace KITS =
      ExtensionContext.Namespace.create(StoreKitResolver.class);

  /** A new kit for this context. */
  protected abstract StoreKit create(ExtensionContext context) throws IOException;

  @Override
  public final boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == StoreKit.class;
  }

  @Override
  public final Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    try {
      StoreKit kit = create(context);
      // The store closes AutoCloseable values when its context ends.
      context.getStore(KITS).put(new Object(), kit);
      return kit;
    } catch (IOException e) {
      throw new UncheckedIOException("making the stores of " + context.getDisplayName(), e);
    }
  }
}
