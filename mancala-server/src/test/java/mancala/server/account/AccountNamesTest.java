package mancala.server.account;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import mancala.server.error.DomainError;
import mancala.server.store.Database;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Sign-up refuses look-alikes of taken names, on H2 and (when MANCALA_TEST_PG_URL is set) PostgreSQL. */
class AccountNamesTest {
    private final List<Database> opened = new ArrayList<>();

    static Stream<String> databases() {
        String pg = System.getenv("MANCALA_TEST_PG_URL");
        return pg == null ? Stream.of("h2") : Stream.of("h2", "postgres");
    }

    private Database open(String which) {
        Database db;
        if (which.equals("h2")) {
            db = Database.open("jdbc:h2:mem:names" + System.nanoTime() + ";DB_CLOSE_DELAY=-1", null, null, 2);
        } else {
            db = Database.open(System.getenv("MANCALA_TEST_PG_URL"), "mancala", "mancala", 2);
            db.withHandle(h -> h.execute("DELETE FROM accounts WHERE username LIKE 'nt%' OR username_key LIKE 'nt%'"
                    + " OR username_skeleton LIKE 'nt%' OR username_key IN ('paxoc', '\u0440\u0430\u0445\u043E\u0441',"
                    + " '\u043D\u0442\u0430\u043E\u0441')"));
        }
        opened.add(db);
        return db;
    }

    @AfterEach
    void close() {
        opened.forEach(Database::close);
    }

    private static String refusal(Accounts accounts, String name) {
        try {
            accounts.signUp(name, "long enough password");
            return "ok";
        } catch (DomainError e) {
            return e.code() + " " + e.kind();
        }
    }

    @ParameterizedTest
    @MethodSource("databases")
    void noNameMayLookLikeATakenOne(String which) {
        Accounts accounts = new Accounts(open(which).jdbi());
        assertThat(refusal(accounts, "ntAmal")).isEqualTo("ok");
        assertThat(refusal(accounts, "NTAMAL")).isEqualTo("username-taken CONFLICT");
        assertThat(refusal(accounts, "ｎｔＡｍａｌ")).isEqualTo("username-taken CONFLICT");
        assertThat(refusal(accounts, "ntArnal")).isEqualTo("username-lookalike CONFLICT");
        assertThat(refusal(accounts, "ntAmaI")).isEqualTo("username-lookalike CONFLICT"); // capital I for l
        assertThat(refusal(accounts, "nt\u0410mal")).isEqualTo("username-scripts INVALID");
        assertThat(refusal(accounts, "\u0130".repeat(20))).isEqualTo("username-length INVALID");
        // a whole-Cyrillic look-alike of a Latin name: р а х о с for p a x o c; нтаос is not one (н, т differ)
        assertThat(refusal(accounts, "paxoc")).isEqualTo("ok");
        assertThat(refusal(accounts, "\u0440\u0430\u0445\u043E\u0441")).isEqualTo("username-lookalike CONFLICT");
        assertThat(refusal(accounts, "\u043D\u0442\u0430\u043E\u0441")).isEqualTo("ok");
        // twenty astral letters fit the widened columns, and the same in capitals is taken
        String yee = "\uD801\uDC37";
        String capitalYee = "\uD801\uDC0F";
        assertThat(refusal(accounts, "nt" + yee.repeat(18))).isEqualTo("ok");
        assertThat(refusal(accounts, "NT" + capitalYee.repeat(18))).isEqualTo("username-taken CONFLICT");
        assertThat(accounts.check("ＮＴＡＭＡＬ", "long enough password")).isPresent();
        assertThat(accounts.find("ntamal").orElseThrow().username()).isEqualTo("ntAmal");
    }

    @ParameterizedTest
    @MethodSource("databases")
    void olderAccountsGetTheirKeyAndSkeletonAtStart(String which) {
        Database db = open(which);
        db.withHandle(h -> h.execute("INSERT INTO accounts (username, username_key, password_hash, created_at) "
                + "VALUES ('ntStraße', 'ntstraße', 'x', ?)", Instant.now()));
        Accounts accounts = new Accounts(db.jdbi());
        String forms = db.withHandle(h -> h.createQuery("SELECT username_key || ' ' || username_skeleton FROM accounts "
                + "WHERE username = 'ntStraße'").mapTo(String.class).one());
        assertThat(forms).isEqualTo("ntstrasse ntstrasse");
        assertThat(refusal(accounts, "ntStrasse")).isEqualTo("username-taken CONFLICT");
        assertThat(refusal(accounts, "ntStrasse")).isEqualTo("username-taken CONFLICT");
        assertThat(refusal(accounts, "ntStra55e")).isEqualTo("ok"); // 5 is not confusable with s
    }

    private static String guestRefusal(Caller caller, String name) {
        try {
            caller.checkGuestName(name);
            return "ok";
        } catch (DomainError e) {
            return e.code() + " " + e.kind();
        }
    }

    @ParameterizedTest
    @MethodSource("databases")
    void aGuestsNameMayNotPoseAsAnAccountOrTheComputer(String which) {
        Accounts accounts = new Accounts(open(which).jdbi());
        Caller caller = new Caller(accounts);
        assertThat(guestRefusal(caller, "ntSalma")).isEqualTo("ok");
        accounts.signUp("ntSalma", "long enough password");
        assertThat(guestRefusal(caller, "ntSalma")).isEqualTo("guest-name-taken CONFLICT");
        assertThat(guestRefusal(caller, " NTSALMA ")).isEqualTo("guest-name-taken CONFLICT");
        assertThat(guestRefusal(caller, "ｎｔＳａｌｍａ")).isEqualTo("guest-name-taken CONFLICT"); // full-width
        assertThat(guestRefusal(caller, "ntSаlma")).isEqualTo("guest-name-taken CONFLICT"); // Cyrillic а
        assertThat(guestRefusal(caller, "ntSaIma")).isEqualTo("guest-name-taken CONFLICT"); // capital I for l
        assertThat(guestRefusal(caller, "ntSalma and Ali")).isEqualTo("ok");
        assertThat(guestRefusal(caller, "AI level 10")).isEqualTo("guest-name-taken CONFLICT");
        assertThat(guestRefusal(caller, "Al level 4")).isEqualTo("guest-name-taken CONFLICT"); // small L for I
        assertThat(guestRefusal(caller, "Aisha")).isEqualTo("ok");
        assertThat(guestRefusal(caller, null)).isEqualTo("ok");
    }
}
