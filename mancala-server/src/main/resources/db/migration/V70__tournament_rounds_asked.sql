-- The rounds a Swiss's creator asked for, kept when fewer are played (too few players for new pairings).
ALTER TABLE tournaments ADD COLUMN rounds_asked INT;
