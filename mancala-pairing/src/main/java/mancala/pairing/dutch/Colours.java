package mancala.pairing.dutch;

import mancala.pairing.Colour;
import mancala.pairing.dutch.RoundState.Match;
import mancala.pairing.dutch.RoundState.P;

/**
 * Colour (side) allocation of C.04.3 article 5.2 (E1-E5 of the 2017 text): grant both preferences; else the
 * stronger preference (absolute over strong over mild; between two absolute ones the wider colour difference);
 * else alternate from the latest round in which the two had different colours; else the higher-ranked player's
 * preference; else, for players without any preference, by the pairing number and the initial colour (XXC).
 */
final class Colours {
    private Colours() {
    }

    /** @return the colour {@code player} gets against {@code opponent} */
    static Colour choose(RoundState st, P player, P opponent) {
        Colour neutral = neutral(player, opponent);
        if (neutral != Colour.NONE) {
            return neutral;
        }
        boolean playerLower = lowerRanked(st, player, opponent);
        if (player.preference == Colour.NONE) {
            if (playerLower) {
                return (opponent.rankIndex & 1) != 0 ? st.initialColour : st.initialColour.invert();
            }
            return (player.rankIndex & 1) != 0 ? st.initialColour.invert() : st.initialColour;
        }
        return playerLower ? opponent.preference.invert() : player.preference;
    }

    private static boolean lowerRanked(RoundState st, P a, P b) {
        int sa = st.score(a);
        int sb = st.score(b);
        return sa < sb || sa == sb && a.rankIndex > b.rankIndex;
    }

    private static boolean compatible(Colour a, Colour b) {
        return a != b || a == Colour.NONE || b == Colour.NONE;
    }

    private static Colour neutral(P player, P opponent) {
        if (compatible(player.preference, opponent.preference)) {
            if (player.preference != Colour.NONE) {
                return player.preference;
            } else if (opponent.preference != Colour.NONE) {
                return opponent.preference.invert();
            }
            return Colour.NONE;
        }
        if (player.absolutePreference() && (player.imbalance > opponent.imbalance || !opponent.absolutePreference())) {
            return player.preference;
        }
        if (opponent.absolutePreference() && (opponent.imbalance > player.imbalance || !player.absolutePreference())) {
            return opponent.preference.invert();
        }
        if (player.strong && !opponent.strong) {
            return player.preference;
        }
        if (opponent.strong && !player.strong) {
            return opponent.preference.invert();
        }
        int i = player.matches.size() - 1;
        int j = opponent.matches.size() - 1;
        i = skip(player, i);
        j = skip(opponent, j);
        while (i >= 0 && j >= 0 && player.matches.get(i).colour == opponent.matches.get(j).colour) {
            i = skip(player, i - 1);
            j = skip(opponent, j - 1);
        }
        if (i >= 0 && j >= 0) {
            return opponent.matches.get(j).colour;
        }
        return Colour.NONE;
    }

    private static int skip(P p, int i) {
        while (i >= 0 && !p.matches.get(i).played) {
            i--;
        }
        return i;
    }

    static boolean played(Match m) {
        return m.played;
    }
}
