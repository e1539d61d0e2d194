/**
 * How long engine tasks report how far they have got ({@link mancala.engine.progress.Progress}); depends on
 * nothing, so that every engine package may report.
 */
package mancala.engine.progress;
