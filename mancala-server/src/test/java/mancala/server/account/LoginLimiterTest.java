package mancala.server.account;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LoginLimiterTest {
    @Test
    void aGuesserIsLockedForTheNameFromHisAddressButTheOwnerSignsInFromHis() {
        LoginLimiter l = new LoginLimiter();
        for (int i = 0; i < LoginLimiter.FAILURES_PER_PAIR; i++) {
            assertThat(l.login("10.0.0.66", "Amal")).isZero();
            l.failed("10.0.0.66", "Amal");
        }
        // the sixth guess waits for one wrong password to be forgotten: 3 minutes
        assertThat(l.login("10.0.0.66", "Amal")).isBetween(170L, 180L);
        // the same name in full-width capitals is the same name
        assertThat(l.login("10.0.0.66", "ＡＭＡＬ")).isPositive();
        // another name from the same address, and the owner from his own address, go on
        assertThat(l.login("10.0.0.66", "Bilal")).isZero();
        assertThat(l.login("192.0.2.7", "Amal")).isZero();
    }

    @Test
    void aNameUnderAttackFromManyAddressesStillLetsAnAddressThatHasNotFailedTry() {
        LoginLimiter l = new LoginLimiter();
        for (int i = 0; i < LoginLimiter.FAILURES_PER_NAME; i++) {
            String address = "10.1." + (i / 250) + "." + (i % 250);
            assertThat(l.login(address, "amal")).isZero();
            l.failed(address, "amal");
        }
        // each attacking address has failed once (4 of 5 left for its pair) but the name's hour is used up
        assertThat(l.login("10.1.0.0", "amal")).isPositive();
        assertThat(l.login("10.1.0.1", "Amal")).isPositive();
        // the owner, from an address that has not failed, may sign in
        assertThat(l.login("192.0.2.7", "Amal")).isZero();
        // a right password forgets the pair's failures
        l.failed("192.0.2.8", "Amal");
        assertThat(l.login("192.0.2.8", "Amal")).isPositive();
        l.succeeded("192.0.2.8", "Amal");
        assertThat(l.login("192.0.2.8", "Amal")).isZero();
    }

    @Test
    void oneAddressMakesTwentyAttemptsAMinute() {
        LoginLimiter l = new LoginLimiter();
        for (int i = 0; i < LoginLimiter.LOGINS_PER_ADDRESS; i++) {
            assertThat(l.login("10.0.0.9", "name" + i)).isZero();
        }
        assertThat(l.login("10.0.0.9", "other")).isBetween(1L, 3L); // 20 a minute: one back every 3 s
    }

    @Test
    void memoryIsBoundedAndOverLongNamesAreNeverKeyed() {
        LoginLimiter l = new LoginLimiter();
        String huge = "x".repeat(200_000);
        for (int i = 0; i < 100; i++) {
            l.login("10.0.0.1", huge + i);
            l.failed("10.0.0.1", huge + i);
        }
        assertThat(l.size()).isEqualTo(1); // the address's attempts only
        int n = LoginLimiter.MAX_BUCKETS + 10_000;
        for (int i = 0; i < n; i++) {
            l.failed("10.2." + (i >> 8 & 255) + "." + (i & 255), "n" + i);
        }
        // pairs and names each hold at most MAX_BUCKETS
        assertThat(l.size()).isEqualTo(1 + 2 * LoginLimiter.MAX_BUCKETS);
    }
}
