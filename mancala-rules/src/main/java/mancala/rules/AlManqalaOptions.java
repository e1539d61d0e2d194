package mancala.rules;

/**
 * Options of Al-manqala (docs/rules.md §2).
 *
 * @param skipOrigin      A2 option: a lap of 14 or more seeds skips its emptied starting pit
 * @param relay           option {@code relay} (Culin's Damascus game): a lap that neither captures nor ends in an
 *                        empty pit is relayed
 * @param captureOpposite option {@code captureOpposite}: each pit taken by A3 takes the pit opposite it too
 * @param endless         what an endless relay does; only meaningful with {@code relay} (default
 *                        {@link Endless#ILLEGAL})
 * @throws RulesException when endless is null or set to other than illegal without relay
 */
public record AlManqalaOptions(boolean skipOrigin, boolean relay, boolean captureOpposite, Endless endless)
        implements RuleOptions {

    /** Al-manqala with docs/rules.md's default rules. */
    public static final AlManqalaOptions DEFAULT = new AlManqalaOptions(false, false, false, Endless.ILLEGAL);

    public AlManqalaOptions {
        if (endless == null) {
            throw new RulesException("option endless must be lose, illegal or draw");
        }
        if (!relay && endless != Endless.ILLEGAL) {
            throw new RulesException("option endless=" + endless.key()
                    + " needs option relay: without relay sowing no Al-manqala move can be endless");
        }
    }

    @Override
    public GameKind kind() {
        return GameKind.AL_MANQALA;
    }

    public AlManqalaOptions withSkipOrigin(boolean value) {
        return new AlManqalaOptions(value, relay, captureOpposite, endless);
    }

    public AlManqalaOptions withRelay(boolean value) {
        return new AlManqalaOptions(skipOrigin, value, captureOpposite, value ? endless : Endless.ILLEGAL);
    }

    public AlManqalaOptions withCaptureOpposite(boolean value) {
        return new AlManqalaOptions(skipOrigin, relay, value, endless);
    }

    public AlManqalaOptions withEndless(Endless value) {
        return new AlManqalaOptions(skipOrigin, relay, captureOpposite, value);
    }
}
