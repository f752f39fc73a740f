package dev.recall4j.engine;

import dev.recall4j.core.RecallResult;
import dev.recall4j.core.Scope;
import java.time.Instant;

/** One recall to log: what was asked, in which scope, what it produced, and when. */
record RecallLogEntry(Scope scope, String query, RecallResult result, Instant when) {}
