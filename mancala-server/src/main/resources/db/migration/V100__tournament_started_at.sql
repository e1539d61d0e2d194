-- When a tournament actually started: at its planned time (starts_at) or earlier, when its creator started it
-- early. Null while it is open, and for one cancelled at its start for too few players.
ALTER TABLE tournaments ADD COLUMN started_at TIMESTAMP;
-- Those already started: a Swiss or round robin pairs its round 1 as it starts; an arena ends its minutes after.
UPDATE tournaments SET started_at = (SELECT MIN(r.paired_at) FROM tournament_rounds r
                                     WHERE r.tournament_id = tournaments.id)
WHERE status IN ('running', 'finished') AND system <> 'arena';
UPDATE tournaments SET started_at = ends_at - minutes * INTERVAL '1' MINUTE
WHERE status IN ('running', 'finished') AND system = 'arena' AND ends_at IS NOT NULL AND minutes IS NOT NULL;
