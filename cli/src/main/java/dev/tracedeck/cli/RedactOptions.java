package dev.tracedeck.cli;

import dev.tracedeck.engine.text.TerminalText;
import dev.tracedeck.importers.redact.RedactionRule;
import dev.tracedeck.importers.redact.RedactionRules;
import dev.tracedeck.importers.redact.RedactionRulesException;
import dev.tracedeck.importers.redact.Redactor;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Option;

/** {@code --redact} and {@code --redact-rules FILE}, for the commands whose output people share. */
final class RedactOptions {

    @Option(names = "--redact", description = "Replace secrets (provider API keys, cloud and Git hosting tokens, JWTs, "
            + "private keys, bearer tokens, passwords; gitleaks' rules) and personal data (e-mail addresses, phone "
            + "numbers) with stable "
            + "pseudonyms (<secret:openai-key-1>, <email-2>: the same value, the same pseudonym, in every file), and "
            + "count them by kind.")
    boolean redact;

    @Option(names = "--redact-rules", paramLabel = "FILE", description = "More patterns to redact, a rule a line: "
            + "'secret|personal KIND REGEX' (bounded or possessive quantifiers only); implies --redact.")
    Path rules;

    /** The redactor to use ({@link Redactor#NONE} without the options); empty after saying what is wrong with the rules. */
    Optional<Redactor> redactor(PrintWriter err, String command) {
        if (!redact && rules == null) {
            return Optional.of(Redactor.NONE);
        }
        List<RedactionRule> extra = List.of();
        if (rules != null) {
            try {
                extra = RedactionRules.read(rules);
            } catch (RedactionRulesException e) {
                err.println(TerminalText.line(command + ": " + e.getMessage()));
                err.flush();
                return Optional.empty();
            }
        }
        return Optional.of(Redactor.withBuiltInRules(extra));
    }
}
