package mancala.server.rating;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import mancala.server.rating.Glicko2.Rating;
import mancala.server.store.Database;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A player back after a year is uncertain again: his stored deviation is widened where ratings are read. */
class RatingsDecayTest {
    private Database db;

    @BeforeEach
    void open() {
        db = Database.open("jdbc:h2:mem:decay" + System.nanoTime() + ";DB_CLOSE_DELAY=-1", null, null, 2);
    }

    @AfterEach
    void close() {
        db.close();
    }

    private long account(String name) {
        return db.withHandle(h -> h.createUpdate("INSERT INTO accounts (username, username_key, password_hash, "
                        + "created_at) VALUES (:u, :u, 'x', :t)").bind("u", name).bind("t", Instant.now())
                .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one());
    }

    private void rating(long account, double deviation, Instant lastGame) {
        db.withHandle(h -> h.createUpdate("INSERT INTO ratings (account_id, game, rating, deviation, volatility, "
                        + "games, updated_at, last_game_at) VALUES (:a, 'hawalis', 1700, :d, 0.06, 40, :t, :t)")
                .bind("a", account).bind("d", deviation).bind("t", lastGame).execute());
    }

    /** By hand (see Glicko2Test): RD 50, volatility 0.06, 365 days away: sqrt(0.082843 + 1.314) * 173.7178 = 205.31. */
    @Test
    void aYearAwayIsReadAsUncertainAndShownProvisional() {
        long a = account("away");
        Instant now = Instant.now();
        rating(a, 50, now.minus(Duration.ofDays(365)).minusSeconds(60));
        Rating r = db.withHandle(h -> RatingStore.read(h, a, "hawalis", false, now));
        assertThat(r.deviation()).isCloseTo(205.31, within(0.005));
        assertThat(r.rating()).isEqualTo(1700);
        @SuppressWarnings("unchecked")
        Map<String, Object> shown = (Map<String, Object>) db.withHandle(h -> RatingStore.ofPlayer(h, a)).get("hawalis");
        assertThat(shown).containsEntry("deviation", 205).containsEntry("provisional", true);
        assertThat(db.withHandle(h -> RatingStore.leaderboard(h, "hawalis", 10)).get(0))
                .containsEntry("provisional", true);
    }

    @Test
    void theSettledGameStartsFromTheWidenedDeviationAndStoresItsInstant() {
        long away = account("away");
        long here = account("here");
        Instant now = Instant.now();
        rating(away, 50, now.minus(Duration.ofDays(365)).minusSeconds(60));
        rating(here, 50, now.minusSeconds(3600));
        double[] change = db.inTransaction(h -> RatingSettlement.rate(h, "g1", "hawalis", away, here, 0));
        // the player back after a year loses much more than the one who played an hour ago wins
        assertThat(-change[0]).isGreaterThan(5 * change[1]);
        Rating after = db.withHandle(h -> RatingStore.read(h, away, "hawalis", false, Instant.now()));
        assertThat(after.deviation()).isBetween(150.0, 205.31);
        Instant last = db.withHandle(h -> h.createQuery("SELECT last_game_at FROM ratings WHERE account_id = :a")
                .bind("a", away).mapTo(Instant.class).one());
        assertThat(last).isAfterOrEqualTo(now.minusSeconds(1));
    }
}
