package dev.enclave.app.infra.store;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ExprTest {

    @Test
    void and_keepsEachConditionWhole_whenOneHasAnOrOutsideParentheses() {
        assertThat(Expr.exists().and(Expr.of("#status <> :pending OR attribute_not_exists(#lease)")).text())
                .isEqualTo("attribute_exists(#pk) AND (#status <> :pending OR attribute_not_exists(#lease))");
        assertThat(Expr.of("#a = :a or #b = :b").and(Expr.of("#c = :c")).text())
                .isEqualTo("(#a = :a or #b = :b) AND #c = :c");
    }

    @Test
    void and_addsNoParentheses_whereNoneAreWanted() {
        assertThat(Expr.of("#pk = :pk").and(Expr.of("begins_with(#sk, :prefix)")).text())
                .isEqualTo("#pk = :pk AND begins_with(#sk, :prefix)");
        assertThat(Expr.of("#a = :a").and(Expr.of("(#b = :b OR #c = :c)")).text())
                .isEqualTo("#a = :a AND (#b = :b OR #c = :c)");
        assertThat(Expr.of("#a = :a").and(Expr.of("#b = :b")).or(Expr.of("#c = :c")).text())
                .as("or stays as documented: AND binds first").isEqualTo("#a = :a AND #b = :b OR #c = :c");
    }
}
