package dev.recall4j.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Pattern;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

class ScopeTest {
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._@:/-]{1,128}");

  /** A name is accepted exactly when it matches the documented pattern. */
  @Property(tries = 2000)
  void aNameIsAcceptedExactlyWhenItMatchesThePattern(
      @ForAll @StringLength(max = 130) String any, @ForAll boolean fromTheAlphabet) {
    String name = fromTheAlphabet ? any.replaceAll("[^A-Za-z0-9._@:/ -]", "a") : any;
    boolean accepted;
    try {
      Scope.of(name);
      accepted = true;
    } catch (InvalidFieldException e) {
      accepted = false;
    }
    assertEquals(NAME.matcher(name.strip()).matches(), accepted, name);
  }

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
