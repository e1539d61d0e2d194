-- Games and what happened in them. A game is rebuilt by replaying its events in order; the columns of games
-- beside the events are for listing and for seats, never trusted over the replay.
CREATE TABLE games (
    id             VARCHAR(24)  NOT NULL PRIMARY KEY,
    game           VARCHAR(20)  NOT NULL,
    options        VARCHAR(200) NOT NULL,
    mode           VARCHAR(10)  NOT NULL,
    ai_side        CHAR(1),
    ai_level       INT,
    south_name     VARCHAR(60)  NOT NULL,
    north_name     VARCHAR(60)  NOT NULL,
    south_token    VARCHAR(64),
    north_token    VARCHAR(64),
    invite_code    VARCHAR(64),
    draw_offer     CHAR(1),
    takeback_offer CHAR(1),
    plies          INT          NOT NULL,
    result         VARCHAR(8),
    termination    VARCHAR(30),
    created_at     TIMESTAMP    NOT NULL,
    updated_at     TIMESTAMP    NOT NULL
);

CREATE INDEX games_by_update ON games (updated_at);

CREATE TABLE game_events (
    game_id   VARCHAR(24) NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq       INT         NOT NULL,
    kind      VARCHAR(10) NOT NULL,
    side      CHAR(1)     NOT NULL,
    pit       INT,
    played_at TIMESTAMP   NOT NULL,
    PRIMARY KEY (game_id, seq)
);
