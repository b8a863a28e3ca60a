package dev.tracedeck.cli;

import dev.tracedeck.analysis.cost.PriceFiles;
import dev.tracedeck.analysis.cost.PriceRow;
import dev.tracedeck.analysis.cost.Prices;
import dev.tracedeck.engine.text.TerminalText;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code tracedeck prices [update --from FILE | reset | MODEL...]}: the price tables cost reports use. */
@Command(name = "prices", mixinStandardHelpOptions = true,
        description = {"Show the price tables `cost` uses, where each comes from, and the row each MODEL resolves to.",
            "Exit 0 on success, 2 for usage errors or a table that can't be read."},
        subcommands = {PricesCommand.Update.class, PricesCommand.Reset.class})
public final class PricesCommand implements Callable<Integer> {

    /** The system property that moves the price folder (tests, and a machine whose config folder is elsewhere). */
    static final String DIR_PROPERTY = PriceFiles.DIR_PROPERTY;

    @Parameters(arity = "0..*", paramLabel = "MODEL", description = "Model names to look up, as a trace names them (anthropic/claude-sonnet-4-20250514, gpt-4o-2024-08-06 …).")
    private List<String> models = List.of();

    @Option(names = "--price-overrides", paramLabel = "FILE", description = "Your own prices, over every table (as for cost).")
    private Path overrides;

    @Mixin
    private NoWorkspaceOption noWorkspace;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Optional<Prices> prices = load(Optional.ofNullable(overrides), spec.commandLine().getErr(), "tracedeck prices");
        if (prices.isEmpty()) {
            return ExitCodes.USAGE;
        }
        out.println("price folder: " + TerminalText.line(dir().toString()));
        for (Prices.Source s : prices.get().sources()) {
            out.printf("%-13s %s, %,d models — %s%n", s.role(), TerminalText.line(s.name()), s.models(), TerminalText.line(s.from()));
        }
        for (String model : models) {
            Optional<PriceRow> row = prices.get().find(model);
            out.println(TerminalText.line(model) + ": " + row.map(r -> TerminalText.line(r.label() + ", " + r.via()))
                    .orElse("UNPRICED (no table has a row for it)"));
        }
        out.flush();
        return ExitCodes.OK;
    }

    static Path dir() {
        return PriceFiles.dir();
    }

    /** The tables, or a line naming the file that can't be read. */
    static Optional<Prices> load(Optional<Path> overrides, PrintWriter err, String command) {
        try {
            return Optional.of(Prices.load(Optional.of(dir()), overrides));
        } catch (IllegalArgumentException | java.io.UncheckedIOException e) {
            err.println(command + ": " + TerminalText.line(e.getMessage()));
            err.flush();
            return Optional.empty();
        }
    }

    /** {@code tracedeck prices update --from FILE}: stores a newer table, offline. */
    @Command(name = "update", mixinStandardHelpOptions = true,
            description = {"Store a newer price table in your price folder, read from FILE (nothing is downloaded):"
                    + " genai-prices' data.json (its v2 feed) or LiteLLM's model_prices_and_context_window.json.",
                "Exit 0 when stored, 2 when FILE is not a table this reads."})
    static final class Update implements Callable<Integer> {

        @Option(names = "--from", required = true, paramLabel = "FILE", description = "The table to store.")
        private Path from;

        @Mixin
        private NoWorkspaceOption noWorkspace;

        @Spec
        private CommandSpec spec;

        @Override
        public Integer call() {
            try {
                spec.commandLine().getOut().println(TerminalText.line(PriceFiles.store(from, dir())));
                spec.commandLine().getOut().flush();
                return ExitCodes.OK;
            } catch (IllegalArgumentException | IOException e) {
                spec.commandLine().getErr().println("tracedeck prices update: " + TerminalText.line(String.valueOf(e.getMessage())));
                spec.commandLine().getErr().flush();
                return ExitCodes.USAGE;
            }
        }
    }

    /** {@code tracedeck prices reset}: back to the bundled table. */
    @Command(name = "reset", mixinStandardHelpOptions = true,
            description = {"Remove the tables `prices update` stored, so that the bundled one applies again.",
                "Exit 0, or 2 when the folder can't be written."})
    static final class Reset implements Callable<Integer> {

        @Mixin
        private NoWorkspaceOption noWorkspace;

        @Spec
        private CommandSpec spec;

        @Override
        public Integer call() {
            try {
                boolean any = PriceFiles.reset(dir());
                spec.commandLine().getOut().println(any ? "stored tables removed: the bundled table applies"
                        : "no stored table: the bundled table applies");
                spec.commandLine().getOut().flush();
                return ExitCodes.OK;
            } catch (IOException e) {
                spec.commandLine().getErr().println("tracedeck prices reset: " + TerminalText.line(String.valueOf(e.getMessage())));
                spec.commandLine().getErr().flush();
                return ExitCodes.USAGE;
            }
        }
    }
}
