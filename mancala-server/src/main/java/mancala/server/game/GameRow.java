package mancala.server.game;

import java.time.Instant;

/**
 * A game's row: what it is, who sits where and how it stands. Tokens are stored as SHA-256 hashes, never in clear.
 *
 * @param id            the game's public id
 * @param game          the game key ({@code hawalis}, {@code al-manqala} …)
 * @param options       rule options in their text form, empty for the defaults
 * @param mode          {@code ai}, {@code invite} or {@code local}
 * @param aiSide        {@code S} or {@code N} when the AI plays, else null
 * @param aiLevel       the AI's level (1–10) when the AI plays, else null
 * @param southName     South's name for people
 * @param northName     North's name for people
 * @param southToken    hash of South's seat token
 * @param northToken    hash of North's seat token; null while an invited player has not joined
 * @param inviteCode    the invitation code, null once used or when there is none
 * @param drawOffer     {@code S} or {@code N}: who offers a draw now, or null
 * @param takebackOffer {@code S} or {@code N}: who asks to take back now, or null
 * @param plies         plies played (all rounds)
 * @param result        {@code 1-0}, {@code 0-1}, {@code 1/2-1/2}, or null while the game goes on
 * @param termination   the termination key once over, else null
 * @param createdAt     when the game was created
 * @param updatedAt     when it last changed
 * @param version       one more with every stored change (the per-game serialization check)
 * @param abandoned     true once nobody acted in the unfinished game for the abandonment time
 */
public record GameRow(String id, String game, String options, String mode, String aiSide, Integer aiLevel,
                      String southName, String northName, String southToken, String northToken, String inviteCode,
                      String drawOffer, String takebackOffer, int plies, String result, String termination,
                      Instant createdAt, Instant updatedAt, long version,
                      boolean abandoned) {
}
