-- User names are compared by their NFKC case folding (username_key) and by their Unicode TR39 confusables skeleton
-- (username_skeleton): no two accounts may look alike. Names are limited to 20 code points after folding, which
-- can take up to 40 UTF-16 units (astral letters, or a letter folding to two such as U+0130), so the columns widen.
-- Existing accounts get their skeleton from the server at start (computed in Java with ICU4J).
ALTER TABLE accounts ALTER COLUMN username SET DATA TYPE VARCHAR(80);
ALTER TABLE accounts ALTER COLUMN username_key SET DATA TYPE VARCHAR(160);
ALTER TABLE accounts ADD COLUMN username_skeleton VARCHAR(400);
CREATE UNIQUE INDEX accounts_by_skeleton ON accounts (username_skeleton);
