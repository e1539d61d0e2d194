-- Fair play (aborts, tournament no-shows): who aborted a game (his player key; null for a game not aborted by a
-- player's own choice), a tournament player withdrawn after a no-show (not paired until he comes back), and a
-- tournament game scored by forfeit (a no-show, or a round-robin game against a withdrawn player: no game played).
ALTER TABLE game_players ADD COLUMN aborted_by VARCHAR(80);
CREATE INDEX game_players_aborted_by ON game_players (aborted_by);
ALTER TABLE tournament_players ADD COLUMN withdrawn BOOLEAN DEFAULT FALSE NOT NULL;
ALTER TABLE tournament_games ADD COLUMN forfeit BOOLEAN DEFAULT FALSE NOT NULL;
ALTER TABLE tournament_games ALTER COLUMN game_id DROP NOT NULL;
