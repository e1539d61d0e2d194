/** Strength levels 1–10 of the search engine as players ({@link mancala.engine.level.LevelPlayer}). */
package mancala.engine.level;
