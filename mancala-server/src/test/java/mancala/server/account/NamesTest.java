package mancala.server.account;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import mancala.server.error.DomainError;
import org.junit.jupiter.api.Test;

class NamesTest {
    private static String code(String name) {
        try {
            Names.check(name);
            return "ok";
        } catch (DomainError e) {
            assertThat(e.kind()).isEqualTo(DomainError.Kind.INVALID);
            assertThat(e.details()).containsEntry("field", "username");
            return e.code();
        }
    }

    @Test
    void fullWidthAndMathematicalLettersAreThePlainOnes() {
        assertThat(Names.display("Ａｍａｌ")).isEqualTo("Amal");
        assertThat(Names.display("\uD835\uDC00\uD835\uDC25\uD835\uDC22")).isEqualTo("Ali"); // bold A, l, i
        assertThat(Names.key("ＡＭＡＬ")).isEqualTo("amal");
        assertThat(Names.key("Straße")).isEqualTo("strasse");
    }

    @Test
    void lookAlikesShareASkeleton() {
        assertThat(Names.skeleton("\u0430\u043E\u0441")).isEqualTo(Names.skeleton("aoc")); // Cyrillic а о с
        assertThat(Names.skeleton("rnary")).isEqualTo(Names.skeleton("mary"));
        assertThat(Names.skeleton("AIex")).isEqualTo(Names.skeleton("Alex")); // capital I, small l
        assertThat(Names.skeleton("b0b")).isEqualTo(Names.skeleton("BOB"));
        assertThat(Names.skeleton("Ａｍａｌ")).isEqualTo(Names.skeleton("amal"));
        assertThat(Names.skeleton("amal")).isNotEqualTo(Names.skeleton("amel"));
    }

    @Test
    void lengthIsCountedInCodePointsAfterFolding() {
        // U+0130 folds to i + U+0307: twenty of them are forty code points
        assertThat(code("\u0130".repeat(20))).isEqualTo("username-length");
        assertThat(code("\u0130".repeat(10))).isEqualTo("ok");
        // Deseret letters are astral (two UTF-16 units each) but one code point: twenty fit, not twenty-one
        String deseret = "\uD801\uDC37"; // U+10437 DESERET SMALL LETTER YEE
        assertThat(code(deseret.repeat(20))).isEqualTo("ok");
        assertThat(code(deseret.repeat(21))).isEqualTo("username-length");
        assertThat(code("a")).isEqualTo("username-length");
        assertThat(code("ab")).isEqualTo("ok");
        assertThat(code("a".repeat(21))).isEqualTo("username-length");
        assertThat(code("x".repeat(200_000))).isEqualTo("username-length");
    }

    @Test
    void eachRuleHasItsCode() {
        assertThat(code(null)).isEqualTo("username-required");
        assertThat(code("   ")).isEqualTo("username-required");
        assertThat(code("a b")).isEqualTo("bad-username");
        assertThat(code("_ab")).isEqualTo("bad-username");
        assertThat(code("ab\u200Dcd")).isEqualTo("bad-username"); // zero-width joiner
        assertThat(code("\u0410nonymous")).isEqualTo("username-scripts"); // Cyrillic А, then Latin
        assertThat(code("ab\u06612")).isEqualTo("username-scripts"); // an Arabic-Indic one and an ASCII two
        assertThat(code("ANONYMOUS")).isEqualTo("username-reserved");
        assertThat(code("anonym0us")).isEqualTo("username-reserved");
        assertThat(code("Ａｄｍｉｎ")).isEqualTo("username-reserved");
        // stacks of marks on one letter (after NFKC composed what it could): three pass, four do not
        assertThat(code("ab" + "\u0301".repeat(15))).isEqualTo("username-marks");
        assertThat(code("ab\u0301\u0302\u0303\u0304x")).isEqualTo("username-marks"); // b has no composed forms
        assertThat(code("ab\u0301\u0302\u0303x")).isEqualTo("ok");
        assertThat(code("\u0634\u0651\u064E\u0645\u0633")).isEqualTo("ok"); // Arabic shadda and fatha
        // one script, or Latin with another that does not look like it, is fine
        assertThat(code("Амаль")).isEqualTo("ok");
        assertThat(code("أمل_2")).isEqualTo("ok");
        assertThat(code("Cristóvão")).isEqualTo("ok");
        assertThat(code("Maxamed-99")).isEqualTo("ok");
    }

    @Test
    void aCheckedNameCarriesItsFormsAndRefusalsNameTheirRule() {
        Names.Name n = Names.check("  Ｍａｒｙ ");
        assertThat(n.display()).isEqualTo("Mary");
        assertThat(n.key()).isEqualTo("mary");
        assertThat(n.skeleton()).isEqualTo(Names.skeleton("rnary")).isEqualTo("rnary");
        assertThatThrownBy(() -> Names.check("\u0130".repeat(20))).isInstanceOf(DomainError.class)
                .hasMessageContaining("2 to 20").hasMessageContaining("has 40");
    }
}
