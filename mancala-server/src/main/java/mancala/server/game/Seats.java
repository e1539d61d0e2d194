package mancala.server.game;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/** Seat tokens and game ids: new random ones, and the hash the database keeps instead of a token. */
public final class Seats {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final char[] ID_CHARS = "abcdefghijkmnopqrstuvwxyz23456789".toCharArray();

    private Seats() {
    }

    /** @return a new secret seat token: 24 random bytes, base64url (32 characters). */
    public static String newToken() {
        byte[] b = new byte[24];
        RANDOM.nextBytes(b);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }

    /** @return a new game id: 10 characters from an alphabet without look-alikes. */
    public static String newId() {
        StringBuilder sb = new StringBuilder(10);
        for (int i = 0; i < 10; i++) {
            sb.append(ID_CHARS[RANDOM.nextInt(ID_CHARS.length)]);
        }
        return sb.toString();
    }

    /** @return the SHA-256 hash of a token, hex; what the database keeps. */
    public static String hash(String token) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this Java", e);
        }
    }

    /** @return true when {@code token} hashes to {@code hash}, in time independent of where they differ. */
    static boolean matches(String token, String hash) {
        if (token == null || hash == null || token.length() > 100) {
            return false;
        }
        return MessageDigest.isEqual(hash(token).getBytes(StandardCharsets.US_ASCII),
                hash.getBytes(StandardCharsets.US_ASCII));
    }
}
