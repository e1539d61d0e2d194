-- The instant of each player's last rated game, from which the days away (one rating period = one day) that widen
-- his rating deviation (Glicko-2 step 6) are counted. Existing rows take the instant their rating was last stored.
ALTER TABLE ratings ADD COLUMN last_game_at TIMESTAMP;
UPDATE ratings SET last_game_at = updated_at;
