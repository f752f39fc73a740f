package dev.recall4j.core;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ScopeTest {
  @Test
  void namespaceIsAHardBoundary() {
    assertFalse(Scope.of("alice").canSee(Scope.of("bob")));
    assertFalse(Scope.of("alice", "p").canSee(Scope.of("bob", "p")));
    assertFalse(Scope.of("alice").canSee(Scope.of("bob"), true), "all projects, one namespace");
    assertFalse(Scope.of("alice").canReach(Scope.of("bob", "p")));
  }

  @Test
  void aRequestWithAProjectSeesItAndTheProjectlessRecords() {
    assertTrue(
        Scope.of("a", "p").canSee(Scope.of("a")),
        "a namespace-wide record applies to every project");
    assertTrue(Scope.of("a", "p").canSee(Scope.of("a", "p")));
    assertFalse(Scope.of("a", "p").canSee(Scope.of("a", "q")));
  }

  @Test
  void aRequestWithoutAProjectSeesOnlyTheProjectlessRecordsUnlessAllProjects() {
    assertTrue(Scope.of("a").canSee(Scope.of("a")));
    assertFalse(Scope.of("a").canSee(Scope.of("a", "p")), "another project's records stay out");
    assertTrue(Scope.of("a").canSee(Scope.of("a", "p"), true));
    assertTrue(Scope.of("a", "p").canSee(Scope.of("a", "q"), true));
  }

  @Test
  void taskAndSessionNarrowWhenBothSidesNameThem() {
    assertFalse(new Scope("a", null, null, "s1").canSee(new Scope("a", null, null, "s2")));
    assertTrue(Scope.of("a").canSee(new Scope("a", null, "t", null)), "every task");
    assertTrue(new Scope("a", null, "t", "s1").canSee(new Scope("a", null, "t", "s1")));
    assertTrue(new Scope("a", null, "t", "s1").canSee(Scope.of("a")));
  }

  @Test
  void aSessionsRecordsAreSeenOnlyInThatSessionUnlessEverySessionIsAsked() {
    Scope local = new Scope("a", "p", null, "s1");
    assertFalse(Scope.of("a", "p").canSee(local), "a request without a session");
    assertFalse(new Scope("a", "p", null, "s2").canSee(local), "another session");
    assertTrue(new Scope("a", "p", null, "s1").canSee(local));
    assertTrue(Scope.of("a", "p").canSee(local, false, true), "every session asked");
    assertFalse(Scope.of("b", "p").canSee(local, true, true), "the namespace still holds");
    assertTrue(Scope.of("a").canReach(local), "by id, every session");
  }

  @Test
  void anIdIsReachableInEveryProjectOnlyByARequestWithoutAProject() {
    assertTrue(Scope.of("a").canReach(Scope.of("a", "p")));
    assertTrue(Scope.of("a", "p").canReach(Scope.of("a")));
    assertFalse(Scope.of("a", "p").canReach(Scope.of("a", "q")));
  }
}
