package mancala.server.account;

import com.ibm.icu.text.Normalizer2;
import com.ibm.icu.text.SpoofChecker;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import mancala.server.error.DomainError;

/**
 * User names as Unicode text: what is stored, how two names are compared, and which names are refused.
 *
 * <ul>
 *   <li>The name as shown is the submitted text, stripped, in Unicode NFKC ({@link #display}): full-width and
 *   mathematical letters become the plain ones ({@code Ａｌｉ}, {@code 𝐀𝐥𝐢} → {@code Ali}).
 *   </li>
 *   <li>Its <b>key</b> ({@link #key}) is its NFKC case folding ({@code NFKC_Casefold}): names equal in it are the same
 *   name ({@code ALI}, {@code ali}); log-in looks names up by it.</li>
 *   <li>Its <b>skeleton</b> ({@link #skeleton}) is the Unicode TR39 confusables skeleton of the shown name, case
 *   folded, taken twice: names whose skeletons are equal look alike (Cyrillic {@code а} and Latin {@code a}, {@code rn} and
 *   {@code m}, capital {@code I} and small {@code l}), and a name whose skeleton a taken name has is refused.</li>
 *   <li>A name has {@value #MIN_LENGTH} to {@value #MAX_LENGTH} code points after folding (so {@code İ}, which folds
 *   to two, counts twice), starts with a letter or digit, then has letters, combining marks, digits, {@code _} or
 *   {@code -}; it does not mix scripts as only a look-alike would (UTS #39 "moderately restrictive": one script,
 *   or Latin with one other script but Cyrillic or Greek) nor digits of two systems; it is not reserved.</li>
 * </ul>
 *
 * <p>Each refusal is a {@link DomainError} of its own code naming the field {@code username} in its details.
 * Thread-safe.
 */
public final class Names {
    /** The fewest code points of a folded name. */
    public static final int MIN_LENGTH = 2;
    /** The most code points of a folded name. */
    public static final int MAX_LENGTH = 20;
    /** Longer submitted texts (UTF-16 units) are refused before any Unicode work. */
    public static final int MAX_SUBMITTED = 4 * MAX_LENGTH;
    /**
     * The most combining marks on one letter (after NFKC, which composes most accented letters into one): Arabic
     * shadda with a vowel, Vietnamese and Thai need two or three; a longer stack only hides or overflows text.
     */
    public static final int MAX_MARKS = 3;
    /** The most characters of a skeleton (a name's skeleton is at most a few times longer than the name). */
    public static final int MAX_SKELETON = 400;

    private static final Pattern SHAPE = Pattern.compile("[\\p{L}\\p{N}][\\p{L}\\p{M}\\p{N}_-]*");
    private static final Normalizer2 NFKC = Normalizer2.getNFKCInstance();
    private static final Normalizer2 NFKC_CASEFOLD = Normalizer2.getNFKCCasefoldInstance();
    private static final SpoofChecker SKELETONS = new SpoofChecker.Builder().build();
    private static final SpoofChecker SCRIPTS = new SpoofChecker.Builder()
            .setChecks(SpoofChecker.RESTRICTION_LEVEL | SpoofChecker.MIXED_NUMBERS)
            .setRestrictionLevel(SpoofChecker.RestrictionLevel.MODERATELY_RESTRICTIVE)
            .build();
    private static final Set<String> RESERVED = Set.of("guest", "admin", "ai", "computer", "anonymous", "south",
            "north", "you", "host", "system", "mancala");
    private static final Set<String> RESERVED_SKELETONS = RESERVED.stream().map(Names::skeleton)
            .collect(Collectors.toUnmodifiableSet());
    private static final String FIELD = "username";

    private Names() {
    }

    /** A checked name: as shown, its key and its skeleton. */
    public record Name(String display, String key, String skeleton) {
    }

    /** @return {@code text} stripped and in NFKC: the name as shown and stored. */
    public static String display(String text) {
        return NFKC.normalize(text.strip());
    }

    /** @return the case-free key of a name: NFKC_Casefold of the stripped text. */
    public static String key(String text) {
        return NFKC_CASEFOLD.normalize(text.strip());
    }

    /**
     * @return the look-alike skeleton of a name: the TR39 skeleton of its NFKC form, case folded, then the skeleton
     *     of that, case folded again; so capitals that look like other small letters ({@code I} and {@code l}) and
     *     small letters that look like others ({@code m} and {@code rn}) meet whatever case each name is in
     */
    public static String skeleton(String text) {
        String once = NFKC_CASEFOLD.normalize(SKELETONS.getSkeleton(display(text)));
        return NFKC_CASEFOLD.normalize(SKELETONS.getSkeleton(once));
    }

    /**
     * Checks a submitted name.
     *
     * @return the name as shown, its key and its skeleton
     * @throws DomainError 400 {@code username-required} when missing or blank, {@code username-length} when
     *     outside {@value #MIN_LENGTH} to {@value #MAX_LENGTH} code points after folding (or over
     *     {@value #MAX_SUBMITTED} characters as sent), {@code bad-username} for a character not allowed,
     *     {@code username-marks} for more than {@value #MAX_MARKS} marks on one
     *     letter, {@code username-scripts} for mixed scripts or digits, {@code username-reserved} for a reserved name or a
     *     look-alike of one
     */
    public static Name check(String submitted) {
        if (submitted == null || submitted.isBlank()) {
            throw new DomainError(DomainError.Kind.INVALID, "username-required", "a user name is required",
                    Map.of(), Map.of("field", FIELD), 0);
        }
        if (submitted.length() > MAX_SUBMITTED) {
            throw tooLong(submitted.codePointCount(0, submitted.length()));
        }
        String display = display(submitted);
        String key = key(submitted);
        int length = key.codePointCount(0, key.length());
        if (length < MIN_LENGTH || length > MAX_LENGTH) {
            throw tooLong(length);
        }
        if (!SHAPE.matcher(display).matches()) {
            throw new DomainError(DomainError.Kind.INVALID, "bad-username", "a user name has only letters, "
                    + "digits, _ or -, and starts with a letter or digit", Map.of(), Map.of("field", FIELD), 0);
        }
        if (stacksMarks(display)) {
            throw new DomainError(DomainError.Kind.INVALID, "username-marks", "a user name has at most {max} marks "
                    + "on one letter", Map.of("max", MAX_MARKS), Map.of("field", FIELD), 0);
        }
        if (SCRIPTS.failsChecks(display)) {
            throw new DomainError(DomainError.Kind.INVALID, "username-scripts", "a user name may not mix "
                    + "alphabets that look alike (such as Latin and Cyrillic) nor digits of two kinds", Map.of(),
                    Map.of("field", FIELD), 0);
        }
        String skeleton = skeleton(submitted);
        if (skeleton.length() > MAX_SKELETON) {
            throw tooLong(length);
        }
        if (RESERVED_SKELETONS.contains(skeleton)) {
            throw new DomainError(DomainError.Kind.INVALID, "username-reserved", "the user name '{name}' is "
                    + "reserved, or looks like a reserved one", Map.of("name", DomainError.echo(display)),
                    Map.of("field", FIELD), 0);
        }
        return new Name(display, key, skeleton);
    }

    /** @return true when more than {@value #MAX_MARKS} combining marks follow one another in {@code text} */
    private static boolean stacksMarks(String text) {
        int run = 0;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            int type = Character.getType(cp);
            boolean mark = type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK
                    || type == Character.COMBINING_SPACING_MARK;
            run = mark ? run + 1 : 0;
            if (run > MAX_MARKS) {
                return true;
            }
            i += Character.charCount(cp);
        }
        return false;
    }

    private static DomainError tooLong(int length) {
        return new DomainError(DomainError.Kind.INVALID, "username-length", "a user name has {min} to {max} "
                + "characters (counted after case folding); this one has {length}",
                Map.of("min", MIN_LENGTH, "max", MAX_LENGTH, "length", length), Map.of("field", FIELD), 0);
    }
}
