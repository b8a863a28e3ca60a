package dev.tracedeck.engine.align;

import dev.tracedeck.analysis.align.AlignedRun;
import dev.tracedeck.analysis.align.Alignment;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.importers.ImportException;
import dev.tracedeck.importers.ImportListener;
import dev.tracedeck.importers.ImportSource;
import dev.tracedeck.importers.registry.Importers;
import dev.tracedeck.model.trace.Trace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Reads trace files one after another with the importers, checks each, and aligns their runs task by task. Only the
 * runs' steps are kept, not the traces, unless {@code eachTrace} keeps them (the window does, to compare two runs).
 */
public final class AlignReader {

    private final Importers importers;
    private final Validator validator;

    public AlignReader(Importers importers, Validator validator) {
        this.importers = importers;
        this.validator = validator;
    }

    /**
     * @param listener  what hears each file's import (progress, cancelling)
     * @param eachTrace gets each file's trace as it is read
     * @throws ImportException naming the first file that can't be read
     */
    public Alignment read(List<Path> files, Function<Path, ImportListener> listener, BiConsumer<Path, Trace> eachTrace)
            throws ImportException {
        String unnamed = RunReading.unnamedTask(files);
        List<AlignedRun> runs = new ArrayList<>();
        for (Path file : files) {
            Trace trace = importers.read(ImportSource.of(file), listener.apply(file));
            eachTrace.accept(file, trace);
            runs.addAll(RunReading.runs(file, trace, validator, unnamed));
        }
        return Alignment.of(runs);
    }
}
