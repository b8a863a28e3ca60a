package dev.tracedeck.cli;

import dev.tracedeck.analysis.cost.CostLedger;
import dev.tracedeck.analysis.cost.CostTotal;
import dev.tracedeck.analysis.cost.KeptPrices;
import dev.tracedeck.analysis.cost.Prices;
import dev.tracedeck.cli.cost.CostReport;
import dev.tracedeck.engine.text.TerminalText;
import dev.tracedeck.model.trace.Trace;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What a file's model calls cost, which {@code validate} reports for a file whose trace records any: a line at the end
 * of its text report, a {@code cost} object in its JSON report; added up as {@code tracedeck cost} adds it up. Prices
 * as {@link KeptPrices} reads them, as the cost rules do.
 */
final class ValidateCostLine {

    /** The file's total, and the line the text report ends with. */
    record Cost(CostTotal total, String line) {
    }

    private ValidateCostLine() {
    }

    static Optional<Cost> of(Path file, Trace trace) {
        boolean calls = trace.threads().stream().anyMatch(t -> !t.records().modelCalls().isEmpty());
        if (!calls) {
            return Optional.empty();
        }
        Prices p = KeptPrices.get();
        CostLedger ledger = CostLedger.of(List.of(trace), p);
        CostTotal total = ledger.total();
        return Optional.of(new Cost(total, TerminalText.line("cost of " + file + ": " + total.text() + " "
                + CostReport.counts(total) + ", priced with "
                + p.sources().stream().map(Prices.Source::name).reduce((a, b) -> a + ", " + b).orElse("")
                + " (tracedeck cost itemizes it)")));
    }
}
