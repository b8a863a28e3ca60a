package dev.tracedeck.cli;

import dev.tracedeck.engine.text.TerminalText;
import dev.tracedeck.importers.registry.Importers;
import java.io.PrintWriter;
import java.util.Optional;

/**
 * The {@code --input-format NAME} that forces an importer instead of sniffing, in every command that reads traces. An
 * unknown name is a usage error that lists the names.
 */
final class InputFormat {

    private InputFormat() {
    }

    /**
     * The format ids, for picocli's {@code completionCandidates}: the option's description names them
     * with {@code ${COMPLETION-CANDIDATES}}, so the help lists the importers there are, not a copy of them.
     */
    static final class Names implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return Importers.standard().formatIds().iterator();
        }
    }

    /**
     * The importers to read with: sniffing when {@code name} is null, else forced to it; empty after saying on
     * {@code err} that the name is unknown.
     */
    static Optional<Importers> importers(String name, PrintWriter err, String command) {
        Importers standard = Importers.standard();
        if (name == null) {
            return Optional.of(standard);
        }
        try {
            return Optional.of(standard.forcing(name));
        } catch (IllegalArgumentException e) {
            err.println(TerminalText.line(command + ": " + e.getMessage()));
            err.flush();
            return Optional.empty();
        }
    }
}
