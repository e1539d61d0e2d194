package mancala.server.account;

import at.favre.lib.crypto.bcrypt.BCrypt;
import java.nio.charset.StandardCharsets;

/**
 * Password hashing with bcrypt (the {@code at.favre.lib:bcrypt} library): a random salt per hash, cost
 * {@value #COST}. Passwords are 8 to {@value #MAX_BYTES} bytes of UTF-8 (bcrypt reads at most 72).
 */
public final class Passwords {
    /** The bcrypt cost: 2^COST rounds. */
    public static final int COST = 10;
    /** The fewest characters a password has. */
    public static final int MIN_LENGTH = 8;
    /** The most UTF-8 bytes a password has (bcrypt's limit). */
    public static final int MAX_BYTES = 72;

    private static final BCrypt.Hasher HASHER = BCrypt.with(BCrypt.Version.VERSION_2B);
    private static final BCrypt.Verifyer VERIFIER = BCrypt.verifyer(BCrypt.Version.VERSION_2B);
    /** Checked against when there is no such user, so a wrong name costs the same time as a wrong password. */
    private static final String DUMMY = hash("not a password of anyone");

    private Passwords() {
    }

    /** @return the bcrypt hash of {@code password}, 60 characters. */
    public static String hash(String password) {
        return HASHER.hashToString(COST, password.toCharArray());
    }

    /** @return true when {@code password} matches {@code hash}; a null hash checks a dummy and answers false. */
    public static boolean verify(String password, String hash) {
        boolean ok = VERIFIER.verify(password.getBytes(StandardCharsets.UTF_8),
                (hash == null ? DUMMY : hash).getBytes(StandardCharsets.US_ASCII)).verified;
        return ok && hash != null;
    }

    /** @return what is wrong with {@code password} as a new password, or null when it is acceptable. */
    public static String problem(String password) {
        if (password == null) {
            return "password is required";
        }
        if (password.codePointCount(0, password.length()) < MIN_LENGTH) {
            return "password must have at least " + MIN_LENGTH + " characters";
        }
        if (password.getBytes(StandardCharsets.UTF_8).length > MAX_BYTES) {
            return "password must be at most " + MAX_BYTES + " bytes of UTF-8";
        }
        return null;
    }
}
