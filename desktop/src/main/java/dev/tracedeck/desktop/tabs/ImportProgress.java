package dev.tracedeck.desktop.tabs;

import dev.tracedeck.engine.text.CountFormat;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/** The imports running now, summed up for the status bar: one progress value and one label for them all. */
public final class ImportProgress {

    private final List<TraceDocument> running = new ArrayList<>();
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper();
    private final ReadOnlyDoubleWrapper fraction = new ReadOnlyDoubleWrapper(-1);
    private final ReadOnlyStringWrapper label = new ReadOnlyStringWrapper("");

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    public boolean isBusy() {
        return busy.get();
    }

    /** Mean fraction read over the running imports, negative when any of them can't tell. */
    public ReadOnlyDoubleProperty fractionProperty() {
        return fraction.getReadOnlyProperty();
    }

    /** "Importing run.log… 42%" or "Importing 3 files… 42%". */
    public ReadOnlyStringProperty labelProperty() {
        return label.getReadOnlyProperty();
    }

    List<TraceDocument> running() {
        return running;
    }

    void started(TraceDocument document) {
        running.add(document);
        update();
    }

    void finished(TraceDocument document) {
        running.remove(document);
        update();
    }

    void update() {
        busy.set(!running.isEmpty());
        if (running.isEmpty()) {
            fraction.set(-1);
            label.set("");
            return;
        }
        double sum = 0;
        boolean known = true;
        for (TraceDocument document : running) {
            double f = document.progressProperty().get();
            known &= f >= 0;
            sum += Math.max(0, f);
        }
        double mean = sum / running.size();
        fraction.set(known ? mean : -1);
        String what = running.size() == 1 ? running.get(0).name() : CountFormat.count(running.size(), "file", "files");
        label.set("Importing " + what + "…" + (known ? " " + Math.round(mean * 100) + "%" : ""));
    }
}
