package dev.recall4j.core;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ScopeTest {
  @Test
  void namespaceIsAHardBoundary() {
    assertFalse(Scope.of("alice").canSee(Scope.of("bob")));
    assertFalse(Scope.of("alice", "p").canSee(Scope.of("bob", "p")));
  }

  @Test
  void narrowerScopesApplyWhenBothSidesNameThem() {
    assertTrue(
        Scope.of("a", "p").canSee(Scope.of("a")),
        "a namespace-wide record applies to every project");
    assertTrue(
        Scope.of("a").canSee(Scope.of("a", "p")), "a request without a project sees every project");
    assertFalse(Scope.of("a", "p").canSee(Scope.of("a", "q")));
    assertFalse(new Scope("a", null, null, "s1").canSee(new Scope("a", null, null, "s2")));
  }
}
