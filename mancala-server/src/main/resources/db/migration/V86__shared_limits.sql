-- Limits shared by every server instance: a count per action, key (a client address or a player) and fixed
-- window, incremented in the database, so that three instances allow what one does. Old windows are deleted by
-- the instance that takes a token when the table has windows older than a day.
CREATE TABLE rate_counts (
    action       VARCHAR(20)  NOT NULL,
    subject      VARCHAR(100) NOT NULL,
    window_start TIMESTAMP    NOT NULL,
    taken        INT          NOT NULL,
    PRIMARY KEY (action, subject, window_start)
);
CREATE INDEX rate_counts_by_window ON rate_counts (window_start);

-- The address a challenge or seek was posted from: guests (who can mint a new guest key at will) share the cap
-- of open challenges per address.
ALTER TABLE challenges ADD COLUMN creator_address VARCHAR(64);
CREATE INDEX challenges_by_address ON challenges (creator_address, status);
