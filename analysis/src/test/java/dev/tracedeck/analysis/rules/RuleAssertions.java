package dev.tracedeck.analysis.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

/** Runs the default Mycelian profile over a fixture and reads one rule's line of the checklist. */
final class RuleAssertions {

    private RuleAssertions() {
    }

    static Check check(ThreadFixture fixture, String ruleId) {
        return check(fixture, ruleId, RuleConfig.DEFAULT);
    }

    static Check check(ThreadFixture fixture, String ruleId, RuleConfig config) {
        Validation validation = new Validator(config).validate(fixture.trace());
        return validation.threads().get(0).checks().stream().filter(c -> c.ruleId().equals(ruleId)).findFirst()
                .orElseThrow(() -> new AssertionError("no check " + ruleId));
    }

    static List<Finding> fails(ThreadFixture fixture, String ruleId, int expectedFindings) {
        Check check = check(fixture, ruleId);
        assertEquals(CheckStatus.FAIL, check.status(), ruleId + " should fail");
        assertEquals(expectedFindings, check.findings().size(), () -> ruleId + " findings: " + check.findings());
        return check.findings();
    }

    static void passes(ThreadFixture fixture, String ruleId) {
        Check check = check(fixture, ruleId);
        assertEquals(CheckStatus.PASS, check.status(), () -> ruleId + " should pass: " + check.findings() + check.reason());
    }

    static void notApplicable(ThreadFixture fixture, String ruleId) {
        assertEquals(CheckStatus.NOT_APPLICABLE, check(fixture, ruleId).status(), ruleId + " should be n/a");
    }
}
