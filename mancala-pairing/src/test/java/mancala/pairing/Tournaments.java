package mancala.pairing;

/**
 * Builds small tournaments for tests from a compact notation: one string a round, games separated by commas,
 * {@code "1-4 1-0"} (White 1, Black 4, result for White then Black: {@code 1-0 0-1 = +- -+}), and unpaired entries
 * {@code "5:U"} (pairing-allocated bye), {@code "4:H"} (half-point bye), {@code "4:Z"} (absent); a player not named
 * in a round was absent ({@code Z}).
 */
public final class Tournaments {
    private Tournaments() {
    }

    /**
     * @param players     number of players (starting numbers 1..n, ratings falling)
     * @param totalRounds XXR
     * @param initial     colour of player 1 in round 1
     * @param rounds      the rounds, as described above
     */
    public static Tournament of(int players, int totalRounds, Colour initial, String... rounds) {
        Tournament t = new Tournament().totalRounds(totalRounds).initialColour(initial);
        for (int i = 1; i <= players; i++) {
            t.add(new Player(i).name("Player " + i).rating(2000 - 10 * i));
        }
        int index = 0;
        for (String round : rounds) {
            index++;
            for (String item : round.split(",")) {
                String s = item.trim();
                if (s.isEmpty()) {
                    continue;
                }
                if (s.contains(":")) {
                    String[] kv = s.split(":");
                    char code = kv[1].charAt(0);
                    t.player(Integer.parseInt(kv[0])).rounds().add(code == 'U' ? RoundEntry.pairingAllocatedBye()
                            : RoundEntry.unpaired(code));
                    continue;
                }
                String[] parts = s.split(" ");
                String[] wb = parts[0].split("-");
                int w = Integer.parseInt(wb[0]);
                int b = Integer.parseInt(wb[1]);
                char rw;
                char rb;
                switch (parts[1]) {
                    case "1-0": rw = '1'; rb = '0'; break;
                    case "0-1": rw = '0'; rb = '1'; break;
                    case "=": rw = '='; rb = '='; break;
                    case "+-": rw = '+'; rb = '-'; break;
                    case "-+": rw = '-'; rb = '+'; break;
                    default: throw new IllegalArgumentException(parts[1]);
                }
                t.player(w).rounds().add(RoundEntry.game(b, Colour.WHITE, rw));
                t.player(b).rounds().add(RoundEntry.game(w, Colour.BLACK, rb));
            }
            // a player not named in a round was absent
            for (Player p : t.players()) {
                while (p.rounds().size() < index) {
                    p.rounds().add(RoundEntry.unpaired('Z'));
                }
            }
        }
        for (Player p : t.players()) {
            p.statedPoints(p.points(t.points(), p.rounds().size()));
        }
        return t;
    }
}
