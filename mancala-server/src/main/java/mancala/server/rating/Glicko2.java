package mancala.server.rating;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The Glicko-2 rating system of Mark Glickman ("Example of the Glicko-2 system", 2013): one rating period's update
 * of a player's rating, rating deviation and volatility from the games of that period.
 *
 * <p>Ratings and deviations are on the Glicko scale (1500 and 350 for a new player); internally they are converted
 * to the Glicko-2 scale by the factor {@value #SCALE}. The system constant {@code tau} limits how fast volatility
 * changes (Glickman suggests 0.3 to 1.2).
 *
 * <p>The site's constants, and why they are not lichess's (1500, RD 500, volatility 0.09, tau 0.75): the site
 * starts a player at Glickman's own values, rating {@value #DEFAULT_RATING}, deviation {@value #DEFAULT_DEVIATION},
 * volatility {@value #DEFAULT_VOLATILITY}, with {@code tau} {@value #TAU}. Lichess's wider start and faster
 * volatility suit a site where a new player plays dozens of rated games in his first days among millions of rated
 * players, so his rating must travel far fast; here the pool is small and a player plays few rated games, so one
 * game against a new opponent must not move a rating by hundreds of points (a first loss between two new players
 * costs about 242 points at RD 500 and volatility 0.09, 162 at RD 350), and a lower {@code tau} keeps a lucky or
 * unlucky streak in a small pool from inflating volatility. A deviation above {@value #PROVISIONAL_DEVIATION} shows
 * the rating as provisional ("?"), lichess's threshold: about ten drawn games against established players (RD 60)
 * bring a new player below it.
 *
 * <p>Rating period: one day. The site rates each game as it ends (one game per update); for each whole day
 * (86,400 s) a player was away, counted from the instant of his last rated game, the deviation grows by step 6 of
 * the paper, {@code phi* = sqrt(phi^2 + sigma^2)}, never above {@value #DEFAULT_DEVIATION} ({@link #afterDaysAway}).
 */
public final class Glicko2 {
    /** The factor between the Glicko and Glicko-2 scales (400 / ln 10). */
    public static final double SCALE = 173.7178;
    /** The rating a new player starts with. */
    public static final double DEFAULT_RATING = 1500;
    /** The rating deviation a new player starts with, and the most a deviation grows to while away. */
    public static final double DEFAULT_DEVIATION = 350;
    /** The volatility a new player starts with. */
    public static final double DEFAULT_VOLATILITY = 0.06;
    /** The site's system constant (see the class comment for why). */
    public static final double TAU = 0.5;
    /** Above this deviation a rating is provisional and shown with "?" (as on lichess). */
    public static final double PROVISIONAL_DEVIATION = 110;
    /** One rating period: a day. */
    public static final Duration PERIOD = Duration.ofDays(1);
    /** The convergence tolerance of the volatility iteration (step 5 of Glickman's paper). */
    private static final double EPSILON = 0.000001;

    private final double tau;

    /**
     * @param tau the system constant, greater than 0
     * @throws IllegalArgumentException when tau is not positive
     */
    public Glicko2(double tau) {
        if (!(tau > 0)) {
            throw new IllegalArgumentException("tau must be greater than 0, was " + tau);
        }
        this.tau = tau;
    }

    /**
     * A player's rating on the Glicko scale.
     *
     * @param rating     the rating (1500 for a new player)
     * @param deviation  the rating deviation, greater than 0
     * @param volatility the volatility, greater than 0
     */
    public record Rating(double rating, double deviation, double volatility) {
        public Rating {
            if (!Double.isFinite(rating) || !(deviation > 0) || !(volatility > 0)) {
                throw new IllegalArgumentException("a rating needs a finite rating and positive deviation and "
                        + "volatility, was " + rating + "/" + deviation + "/" + volatility);
            }
        }

        /** @return the rating of a new player: 1500, deviation 350, volatility 0.06. */
        public static Rating initial() {
            return new Rating(DEFAULT_RATING, DEFAULT_DEVIATION, DEFAULT_VOLATILITY);
        }

        /** @return true while the deviation is above {@value #PROVISIONAL_DEVIATION}: shown as provisional. */
        public boolean provisional() {
            return isProvisional(deviation);
        }
    }

    /** @return true when a rating of this deviation is provisional (above {@value #PROVISIONAL_DEVIATION}). */
    public static boolean isProvisional(double deviation) {
        return deviation > PROVISIONAL_DEVIATION;
    }

    /**
     * Step 6 of Glickman's paper for each of {@code days} rating periods without games: the deviation becomes
     * {@code sqrt(phi^2 + days * sigma^2)} on the Glicko-2 scale (phi = RD / {@value #SCALE}), capped at
     * {@value #DEFAULT_DEVIATION}; rating and volatility are kept. Never lowers a deviation already above the cap.
     *
     * @param days whole rating periods without games, 0 or more
     * @return the rating at the start of the next period with games
     * @throws IllegalArgumentException when {@code days} is negative
     */
    public static Rating afterDaysAway(Rating r, long days) {
        if (days < 0) {
            throw new IllegalArgumentException("days away must be 0 or more, was " + days);
        }
        if (days == 0 || r.deviation() >= DEFAULT_DEVIATION) {
            return r;
        }
        double phi = r.deviation() / SCALE;
        double sigma = r.volatility();
        double grown = Math.sqrt(phi * phi + days * sigma * sigma) * SCALE;
        return new Rating(r.rating(), Math.min(DEFAULT_DEVIATION, grown), sigma);
    }

    /**
     * @return the whole rating periods (days) from {@code lastGame} to {@code now}: 0 when under a day or when
     *     {@code lastGame} is null (a new player) or later than {@code now}
     */
    public static long daysAway(Instant lastGame, Instant now) {
        if (lastGame == null || !now.isAfter(lastGame)) {
            return 0;
        }
        return Duration.between(lastGame, now).toMillis() / PERIOD.toMillis();
    }

    /** @return {@code r} as of {@code now} for a player whose last rated game was at {@code lastGame} (or null). */
    public static Rating asOf(Rating r, Instant lastGame, Instant now) {
        return afterDaysAway(r, daysAway(lastGame, now));
    }

    /**
     * One game of the rating period, from the rated player's view.
     *
     * @param opponent the opponent's rating before the period
     * @param score    1 for a win, 0.5 for a draw, 0 for a loss
     */
    public record Game(Rating opponent, double score) {
        public Game {
            if (opponent == null || !(score >= 0 && score <= 1)) {
                throw new IllegalArgumentException("a game needs an opponent and a score from 0 to 1");
            }
        }
    }

    /**
     * The player's rating after one rating period (steps 1 to 8 of Glickman's paper). A player with no games in the
     * period keeps rating and volatility; the deviation grows.
     *
     * @param player the rating before the period
     * @param games  the period's games, each against the opponent's rating before the period
     * @return the rating after the period
     */
    public Rating update(Rating player, List<Game> games) {
        double mu = (player.rating() - DEFAULT_RATING) / SCALE;
        double phi = player.deviation() / SCALE;
        double sigma = player.volatility();
        if (games.isEmpty()) {
            double phiStar = Math.sqrt(phi * phi + sigma * sigma);
            return new Rating(player.rating(), phiStar * SCALE, sigma);
        }
        double vInverse = 0;
        double sum = 0;
        for (Game game : games) {
            double muJ = (game.opponent().rating() - DEFAULT_RATING) / SCALE;
            double phiJ = game.opponent().deviation() / SCALE;
            double g = g(phiJ);
            double e = 1 / (1 + Math.exp(-g * (mu - muJ)));
            vInverse += g * g * e * (1 - e);
            sum += g * (game.score() - e);
        }
        double v = 1 / vInverse;
        double delta = v * sum;
        double sigmaNew = newVolatility(phi, sigma, v, delta);
        double phiStar = Math.sqrt(phi * phi + sigmaNew * sigmaNew);
        double phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
        double muNew = mu + phiNew * phiNew * sum;
        return new Rating(muNew * SCALE + DEFAULT_RATING, phiNew * SCALE, sigmaNew);
    }

    /** Step 5: the new volatility by the Illinois algorithm. */
    private double newVolatility(double phi, double sigma, double v, double delta) {
        double a = Math.log(sigma * sigma);
        double phi2 = phi * phi;
        double delta2 = delta * delta;
        double bigA = a;
        double bigB;
        if (delta2 > phi2 + v) {
            bigB = Math.log(delta2 - phi2 - v);
        } else {
            int k = 1;
            while (f(a - k * tau, a, phi2, v, delta2) < 0) {
                k++;
            }
            bigB = a - k * tau;
        }
        double fA = f(bigA, a, phi2, v, delta2);
        double fB = f(bigB, a, phi2, v, delta2);
        while (Math.abs(bigB - bigA) > EPSILON) {
            double bigC = bigA + (bigA - bigB) * fA / (fB - fA);
            double fC = f(bigC, a, phi2, v, delta2);
            if (fC * fB <= 0) {
                bigA = bigB;
                fA = fB;
            } else {
                fA = fA / 2;
            }
            bigB = bigC;
            fB = fC;
        }
        return Math.exp(bigA / 2);
    }

    private double f(double x, double a, double phi2, double v, double delta2) {
        double ex = Math.exp(x);
        double d = phi2 + v + ex;
        return ex * (delta2 - phi2 - v - ex) / (2 * d * d) - (x - a) / (tau * tau);
    }

    private static double g(double phi) {
        return 1 / Math.sqrt(1 + 3 * phi * phi / (Math.PI * Math.PI));
    }
}
