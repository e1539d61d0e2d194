package mancala.server.play;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import mancala.rules.Side;

/** Seat tokens, game ids and the names of sides in JSON ({@code south}, {@code north}) and in the database. */
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
        if (token == null || hash == null) {
            return false;
        }
        return MessageDigest.isEqual(hash(token).getBytes(StandardCharsets.US_ASCII),
                hash.getBytes(StandardCharsets.US_ASCII));
    }

    /** @return {@code south} or {@code north}. */
    public static String key(Side side) {
        return side == Side.SOUTH ? "south" : "north";
    }

    /** @return {@code S} or {@code N}, the database's form. */
    static String code(Side side) {
        return side == null ? null : side == Side.SOUTH ? "S" : "N";
    }

    /** @return the side for {@code S}/{@code N}, or null for null. */
    static Side ofCode(String code) {
        return code == null ? null : code.equals("S") ? Side.SOUTH : Side.NORTH;
    }

    /** @return the side for {@code south}/{@code north} (any case), or null for anything else. */
    public static Side ofKey(String key) {
        if (key == null) {
            return null;
        }
        return switch (key.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "south", "s" -> Side.SOUTH;
            case "north", "n" -> Side.NORTH;
            default -> null;
        };
    }
}
