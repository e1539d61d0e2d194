package mancala.server.store;

import java.time.Instant;

/**
 * A piece of once-only work in the {@code jobs} table: what to do ({@code kind}), to what ({@code subject}, e.g. a
 * game id), when ({@code dueAt}), and the version of the subject it was scheduled for (so a job made stale by a
 * later change can see so; -1 when it does not matter).
 *
 * @param claim the claim that holds it ({@code instance:counter}), set once claimed, else null
 */
public record Job(String kind, String subject, Instant dueAt, long version, String claim) {
}
