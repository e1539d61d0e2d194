package mancala.rules;

/**
 * Options of Hawalis and of its variant Bao Kiarabu (docs/rules.md §1).
 *
 * @param kind             {@link GameKind#HAWALIS} (4×7, counterclockwise) or {@link GameKind#BAO_KIARABU}
 *                         (4×8, clockwise, outer pit captured even behind an empty inner pit)
 * @param skipOrigin       H4 option: a lap of a full circuit or more skips its emptied starting pit
 * @param endless          H8: what an endless move does (default {@link Endless#LOSE})
 * @param scoringCaptures  option {@code scoring=captures}: when the side to move cannot move, the player who
 *                         captured more wins (equal captures draw) instead of H9's loss for the side to move
 * @param seeds            seeds per pit at the start: 2 (Hawalis); 2 or 3 (Bao Kiarabu, option {@code seeds=3})
 * @throws RulesException when the kind is not a four-row game or seeds is out of range
 */
public record HawalisOptions(GameKind kind, boolean skipOrigin, Endless endless, boolean scoringCaptures, int seeds)
        implements RuleOptions {

    /** Hawalis with docs/rules.md's default rules. */
    public static final HawalisOptions DEFAULT = new HawalisOptions(GameKind.HAWALIS, false, Endless.LOSE, false, 2);

    public HawalisOptions {
        if (kind == null || !kind.fourRows()) {
            throw new RulesException("Hawalis options need game hawalis or bao-kiarabu, not " + kind);
        }
        if (endless == null) {
            throw new RulesException("option endless must be lose, illegal or draw");
        }
        if (kind == GameKind.HAWALIS && seeds != 2) {
            throw new RulesException("option seeds: Hawalis starts with 2 seeds per pit; seeds=" + seeds
                    + " is only for bao-kiarabu");
        }
        if (seeds != 2 && seeds != 3) {
            throw new RulesException("option seeds must be 2 or 3, was " + seeds);
        }
    }

    /** @return the default options of Hawalis or Bao Kiarabu (2 seeds per pit). */
    public static HawalisOptions defaults(GameKind kind) {
        return new HawalisOptions(kind, false, Endless.LOSE, false, 2);
    }

    /** @return Bao Kiarabu's defaults with 2 or 3 seeds per pit. */
    public static HawalisOptions baoKiarabu(int seeds) {
        return new HawalisOptions(GameKind.BAO_KIARABU, false, Endless.LOSE, false, seeds);
    }

    /** @return pits in one row: 7 for Hawalis, 8 for Bao Kiarabu. */
    public int pitsPerRow() {
        return kind == GameKind.HAWALIS ? 7 : 8;
    }

    public HawalisOptions withSkipOrigin(boolean value) {
        return new HawalisOptions(kind, value, endless, scoringCaptures, seeds);
    }

    public HawalisOptions withEndless(Endless value) {
        return new HawalisOptions(kind, skipOrigin, value, scoringCaptures, seeds);
    }

    public HawalisOptions withScoringCaptures(boolean value) {
        return new HawalisOptions(kind, skipOrigin, endless, value, seeds);
    }

    public HawalisOptions withSeeds(int value) {
        return new HawalisOptions(kind, skipOrigin, endless, scoringCaptures, value);
    }
}
