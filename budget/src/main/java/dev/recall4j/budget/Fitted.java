package dev.recall4j.budget;

/** An entry shortened to fit, and the tokens of its line. */
record Fitted(Renderer.Entry entry, int tokens) {}
