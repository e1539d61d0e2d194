-- Tournaments as federations run them: the creator's choices (round-robin seats by lot or by rating, the order of
-- the tie-breaks, late joining), each player's rating at the start and his round-robin seat, withdrawals, forfeits
-- and the rounds a player is not paired in (a requested half-point bye H, an absence Z).
ALTER TABLE tournaments ADD COLUMN seating VARCHAR(10) DEFAULT 'rating' NOT NULL;
ALTER TABLE tournaments ADD COLUMN tie_breaks VARCHAR(100);
ALTER TABLE tournaments ADD COLUMN late_join BOOLEAN DEFAULT FALSE NOT NULL;
ALTER TABLE tournament_players ADD COLUMN start_rating INT;
ALTER TABLE tournament_players ADD COLUMN seat INT;
-- tournament_players.withdrawn and tournament_games.forfeit (a game paired but not played; game_id then null)
-- come from V84 (fair play); no_show tells a withdrawal after a no-show from one by the player's own wish.
ALTER TABLE tournament_players ADD COLUMN no_show BOOLEAN DEFAULT FALSE NOT NULL;
CREATE TABLE tournament_absences (
    tournament_id VARCHAR(24) NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    account_id    BIGINT      NOT NULL REFERENCES accounts (id),
    round         INT         NOT NULL,
    kind          CHAR(1)     NOT NULL,
    PRIMARY KEY (tournament_id, account_id, round)
);
-- Arenas: a fixed duration, players paired again as soon as they finish a game; 2 points a win, 1 a draw, doubled
-- on a streak of two wins or more.
ALTER TABLE tournaments ADD COLUMN minutes INT;
ALTER TABLE tournaments ADD COLUMN ends_at TIMESTAMP;
ALTER TABLE tournament_players ADD COLUMN arena_points INT DEFAULT 0 NOT NULL;
ALTER TABLE tournament_players ADD COLUMN streak INT DEFAULT 0 NOT NULL;
ALTER TABLE tournament_players ADD COLUMN waiting_since TIMESTAMP;
ALTER TABLE tournament_players ADD COLUMN last_opponent BIGINT;
