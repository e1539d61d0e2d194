package mancala.engine.eval;

import mancala.rules.Board;
import mancala.rules.GameKind;

/**
 * Static evaluation of a board for the side to move, in hundredths of a seed: a weighted sum of {@link #FEATURES}
 * features, each "mine minus the opponent's". Weights per game are in {@link Weights}; they were tuned by
 * self-play with {@link Tuner}.
 *
 * <p>Features per game (index: meaning):
 * <ul>
 * <li>Hawalis, Bao Kiarabu: 0 seeds on my side; 1 my pits holding two or more (moves, H3); 2 seeds in my inner
 *     row (they capture and are captured, H7); 3 my pits holding exactly one seed (a singleton moves only when
 *     nothing else can, H6). Seeds captured need no feature: they are the opponent's seeds on the board, less.
 * <li>Al-manqala: 0 seeds captured; 1 seeds in my row; 2 my pits holding 1 or 3 (one seed from a capturable 2 or
 *     4, A3); 3 my non-empty pits.
 * <li>Rio Kadalis: 0 seeds held off the board; 1 seeds in my row (they are mine at the round's end, R6); 2 my pits
 *     holding 3 (one seed from a four, R3/R4); 3 my non-empty open pits.
 * </ul>
 */
public final class Evaluator {
    /** Features per game. */
    public static final int FEATURES = 4;

    private final GameKind kind;
    private final int[] w;
    private final int n;
    private final int row;

    /** @param weights {@link #FEATURES} weights (copied) */
    public Evaluator(GameKind kind, int pitsPerSide, int[] weights) {
        if (weights.length != FEATURES) {
            throw new IllegalArgumentException("expected " + FEATURES + " weights, got " + weights.length);
        }
        this.kind = kind;
        this.w = weights.clone();
        this.n = pitsPerSide;
        this.row = pitsPerSide / 2;
    }

    /** @return the evaluator with the tuned weights of the board's game. */
    public static Evaluator tuned(Board b) {
        return new Evaluator(b.rules().kind(), b.rules().pitsPerSide(), Weights.of(b.rules().kind()));
    }

    /** @return a copy of the weights. */
    public int[] weights() {
        return w.clone();
    }

    /** @return the evaluation for the side to move, hundredths of a seed. */
    public int evaluate(Board b) {
        int southMinusNorth = switch (kind) {
            case HAWALIS, BAO_KIARABU -> fourRows(b);
            case AL_MANQALA -> alManqala(b);
            case RIO_KADALIS -> rioKadalis(b);
        };
        return b.sideIndex() == 0 ? southMinusNorth : -southMinusNorth;
    }

    private int fourRows(Board b) {
        int total = 0;
        for (int s = 0; s < 2; s++) {
            int base = s * n;
            int seeds = 0;
            int movable = 0;
            int inner = 0;
            int single = 0;
            for (int i = 0; i < n; i++) {
                int c = b.seeds(base + i);
                seeds += c;
                if (c >= 2) {
                    movable++;
                } else if (c == 1) {
                    single++;
                }
                if (i >= row) {
                    inner += c;
                }
            }
            int v = w[0] * seeds + w[1] * movable + w[2] * inner + w[3] * single;
            total += s == 0 ? v : -v;
        }
        return total;
    }

    private int alManqala(Board b) {
        int total = 0;
        for (int s = 0; s < 2; s++) {
            int base = s * n;
            int seeds = 0;
            int weak = 0;
            int nonEmpty = 0;
            for (int i = 0; i < n; i++) {
                int c = b.seeds(base + i);
                seeds += c;
                if (c == 1 || c == 3) {
                    weak++;
                }
                if (c > 0) {
                    nonEmpty++;
                }
            }
            int v = w[0] * b.holdings(s) + w[1] * seeds + w[2] * weak + w[3] * nonEmpty;
            total += s == 0 ? v : -v;
        }
        return total;
    }

    private int rioKadalis(Board b) {
        int total = w[0] * (b.holdings(0) - b.holdings(1));
        for (int p = 0; p < 2 * n; p++) {
            int c = b.seeds(p);
            if (c == 0) {
                continue;
            }
            int v = w[1] * c + (c == 3 ? w[2] : 0) + (b.isClosed(p) ? 0 : w[3]);
            total += b.owner(p).index() == 0 ? v : -v;
        }
        return total;
    }
}
