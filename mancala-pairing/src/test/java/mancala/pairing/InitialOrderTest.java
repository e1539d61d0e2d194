package mancala.pairing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class InitialOrderTest {
    @Test
    void ratingThenTitleThenName() {
        List<InitialOrder.Entrant> sorted = InitialOrder.sort(List.of(
                new InitialOrder.Entrant("Zahra", 2100, ""),
                new InitialOrder.Entrant("Bashir", 2100, "FM"),
                new InitialOrder.Entrant("Ayaan", 2100, ""),
                new InitialOrder.Entrant("Hodan", 2100, "IM"),
                new InitialOrder.Entrant("Yusuf", 2300, ""),
                new InitialOrder.Entrant("Omar", 0, "")));
        assertThat(sorted.stream().map(InitialOrder.Entrant::name).toList())
                .containsExactly("Yusuf", "Hodan", "Bashir", "Ayaan", "Zahra", "Omar");
    }
}
