-- The seats of a browser, tied to one session cookie (mancala-seats) instead of one cookie per game (whose number
-- grew with every game until the request headers were refused: HTTP 431 after about 140 games). The session id is
-- kept hashed; the rows go with their games (purged) and when unused for the cookie's lifetime.
CREATE TABLE browser_seats (
    session_hash VARCHAR(64)  NOT NULL,
    game_id      VARCHAR(24)  NOT NULL,
    seat_token   VARCHAR(100) NOT NULL,
    used_at      TIMESTAMP    NOT NULL,
    PRIMARY KEY (session_hash, game_id)
);
CREATE INDEX browser_seats_by_game ON browser_seats (game_id);
CREATE INDEX browser_seats_by_use ON browser_seats (used_at);
