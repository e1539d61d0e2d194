-- Many server instances over one database: every change of a game raises its version inside the transaction that
-- holds the game's row lock, so two instances can never both store a change for the same version.
ALTER TABLE games ADD COLUMN version BIGINT DEFAULT 0 NOT NULL;
-- An unfinished game nobody touched for the abandonment time is closed as abandoned.
ALTER TABLE games ADD COLUMN abandoned BOOLEAN DEFAULT FALSE NOT NULL;
CREATE INDEX games_open ON games (result, abandoned, updated_at);

-- Work that must happen once, on whichever instance claims it: an AI move, a timed event, a clean-up.
-- (kind, subject) is unique, so a game has at most one pending job of a kind. A claim sets claimed_by and a lease;
-- a claim whose lease ran out (its instance died) is taken over by another instance.
CREATE TABLE jobs (
    kind        VARCHAR(40) NOT NULL,
    subject     VARCHAR(64) NOT NULL,
    due_at      TIMESTAMP   NOT NULL,
    version     BIGINT      NOT NULL,
    claimed_by  VARCHAR(80),
    lease_until TIMESTAMP,
    attempts    INT         DEFAULT 0 NOT NULL,
    PRIMARY KEY (kind, subject)
);
CREATE INDEX jobs_by_due ON jobs (due_at);
