package mancala.server.tournament;

import java.util.List;
import java.util.Optional;

/**
 * The pairings of one round: its games and the player who sits out, if any.
 *
 * @param number the round's number, from 1
 * @param games  the games of the round, board 1 first
 * @param bye    the player with the bye (no game this round), or empty
 */
public record Round(int number, List<Pairing> games, Optional<String> bye) {
    public Round {
        games = List.copyOf(games);
        bye = bye == null ? Optional.empty() : bye;
    }
}
