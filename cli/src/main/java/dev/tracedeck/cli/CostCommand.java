package dev.tracedeck.cli;

import dev.tracedeck.analysis.cost.CostGroups;
import dev.tracedeck.analysis.cost.CostLedger;
import dev.tracedeck.analysis.cost.Prices;
import dev.tracedeck.cli.cost.CostReport;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.trace.Trace;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tracedeck cost [--json] [--by model|thread|agent|call] FILE...}: what the model calls cost. */
@Command(name = "cost", mixinStandardHelpOptions = true,
        description = {"Add up what each file's model calls cost, in dollars per model, thread, agent or call.",
            "Each line gives the tokens by bucket as billed and the price row used.",
            "Tokens are the provider's usage as the trace recorded it, else Tracedeck's estimate (marked so). A model"
                + " no table prices is UNPRICED: totals then read \"≥ $X + N unpriced calls\".",
            "Prices: genai-prices (bundled, or stored by `tracedeck prices update`), then LiteLLM's table if one was"
                + " stored, under your overrides.",
            "Exit 0 on success, 2 for usage errors, a file that can't be read or a price table that can't."})
public final class CostCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Files to cost (.log .jsonl .json, optionally .gz; a Claude Code project folder; - for standard input).")
    private List<Path> files;

    @Option(names = "--json", description = "Print one JSON object: the price tables, the total, and each file's groups.")
    private boolean json;

    @Option(names = "--by", paramLabel = "WHAT", defaultValue = "model",
            description = "Group by model, thread, agent (sub-agents under the call that started them) or call (default: ${DEFAULT-VALUE}).")
    private CostGroups.By by;

    @Option(names = "--price-overrides", paramLabel = "FILE",
            description = "Your own prices, over every table: {\"models\": {\"NAME\": {\"input_mtok\": 1.0, …}}} (default: overrides.json in the price folder, if any).")
    private Path overrides;

    @Mixin
    private InputFormatOption inputFormat;

    @Mixin
    private WorkspaceOption workspace;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Optional<Prices> prices = PricesCommand.load(Optional.ofNullable(overrides), err, "tracedeck cost");
        if (prices.isEmpty()) {
            return ExitCodes.USAGE;
        }
        Optional<Importers> importers = inputFormat.importers(err, "tracedeck cost");
        if (importers.isEmpty()) {
            return ExitCodes.USAGE;
        }
        Optional<WorkspaceRecording> recording = WorkspaceRecording.open(workspace, err, "tracedeck cost");
        if (recording.isEmpty()) {
            return ExitCodes.USAGE;
        }
        List<Trace> traces = new ArrayList<>();
        boolean ok;
        try (WorkspaceRecording recorded = recording.get()) {
            ok = recorded.readEach(InputFiles.distinct(files, err, "tracedeck cost"), importers.get(),
                    dev.tracedeck.analysis.lift.TextCallLifting.when(false), traces::add);
        }
        CostLedger ledger = CostLedger.of(traces, prices.get());
        out.print(json ? CostReport.json(traces, ledger, by) : CostReport.text(traces, ledger, by));
        out.flush();
        return ok ? ExitCodes.OK : ExitCodes.USAGE;
    }
}
