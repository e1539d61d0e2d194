package mancala.pairing.standings;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PointsTest {
    @Test
    void halvesUseTheFractionSignAndNeverALeadingZero() {
        assertThat(Points.format(0)).isEqualTo("0");
        assertThat(Points.format(5)).isEqualTo("½");
        assertThat(Points.format(10)).isEqualTo("1");
        assertThat(Points.format(15)).isEqualTo("1½");
        assertThat(Points.format(45)).isEqualTo("4½");
        assertThat(Points.format(120)).isEqualTo("12");
        assertThat(Points.format(23)).isEqualTo("2.3");
    }

    @Test
    void hundredthsKeepQuarters() {
        assertThat(Points.formatHundredths(1750)).isEqualTo("17½");
        assertThat(Points.formatHundredths(175)).isEqualTo("1.75");
        assertThat(Points.formatHundredths(50)).isEqualTo("½");
    }
}
