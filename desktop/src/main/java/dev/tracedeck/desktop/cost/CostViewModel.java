package dev.tracedeck.desktop.cost;

import dev.tracedeck.analysis.cost.CostGroups;
import dev.tracedeck.analysis.cost.CostLedger;
import dev.tracedeck.desktop.common.LatestOnly;
import dev.tracedeck.desktop.common.TaskRunner;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The cost of the trace in view: its ledger priced off the FX thread the first time it is shown (and again when the
 * grouping changes or a followed file grew), listed by model, thread, agent or call; a call chosen selects its event in
 * the other views, and the call of an event selected elsewhere is selected here.
 */
public final class CostViewModel {

    private Trace trace;
    private final LatestOnly builds;
    private final Consumer<Event> reveal;
    private final Supplier<DesktopPrices.Loaded> prices;
    private final ObjectProperty<CostGroups.By> by = new SimpleObjectProperty<>(CostGroups.By.model);
    private final ReadOnlyObjectWrapper<CostSheet> sheet = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyIntegerWrapper selectedRow = new ReadOnlyIntegerWrapper(-1);
    /** The ledger last priced, and the trace it is of: a new grouping lists it again without pricing every call anew. */
    private CostLedger ledger;
    private Trace ledgerOf;
    private DesktopPrices.Loaded pricedWith;
    private boolean active;
    private boolean stale = true;
    private boolean selecting;
    private Event shownEvent;

    /**
     * @param prices the tables to bill with, read on a worker the first time (see {@link DesktopPrices#get})
     * @param reveal selects an event in the other views
     */
    public CostViewModel(Trace trace, TaskRunner queries, Supplier<DesktopPrices.Loaded> prices, Consumer<Event> reveal) {
        this.trace = trace;
        this.builds = new LatestOnly(queries);
        this.prices = prices;
        this.reveal = reveal;
        by.addListener((obs, old, now) -> {
            stale = true;
            if (active) {
                build();
            }
        });
    }

    /** How the calls are grouped: by model (the default), thread, agent or call. */
    public ObjectProperty<CostGroups.By> byProperty() {
        return by;
    }

    /** The rows shown, or null until the ledger is made. */
    public ReadOnlyObjectProperty<CostSheet> sheetProperty() {
        return sheet.getReadOnlyProperty();
    }

    public CostSheet sheet() {
        return sheet.get();
    }

    /** "Pricing the calls…", or what priced them. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    public ReadOnlyIntegerProperty selectedRowProperty() {
        return selectedRow.getReadOnlyProperty();
    }

    public void setActive(boolean shown) {
        active = shown;
        if (active && stale) {
            build();
        } else if (active && shownEvent != null) {
            showEvent(shownEvent);
        }
    }

    /** A followed file read further: priced anew when next shown. */
    public void traceGrew(Trace grown) {
        trace = grown;
        stale = true;
        if (active) {
            build();
        }
    }

    private void build() {
        stale = false;
        Trace building = trace;
        CostGroups.By grouping = by.get();
        status.set("Pricing the calls…");
        CostLedger priced = ledgerOf == building ? ledger : null;
        DesktopPrices.Loaded with = pricedWith;
        builds.submit("cost", context -> {
            DesktopPrices.Loaded loaded = priced != null ? with : prices.get();
            CostLedger made = priced != null ? priced : CostLedger.of(List.of(building), loaded.prices());
            return new Built(CostSheet.of(made, building.file(), grouping), made, loaded);
        }, built -> {
            if (built == null) {
                return;
            }
            ledger = built.ledger();
            ledgerOf = building;
            pricedWith = built.loaded();
            sheet.set(built.sheet());
            status.set(built.loaded().problem().orElseGet(() -> "priced with " + String.join(", ",
                    built.sheet().sources().stream().map(s -> s.name()).toList())));
            selectedRow.set(-1);
            if (shownEvent != null) {
                showEvent(shownEvent);
            }
        }, error -> status.set("Could not price the calls: " + error.getMessage()));
    }

    private record Built(CostSheet sheet, CostLedger ledger, DesktopPrices.Loaded loaded) {
    }

    /** Chooses a row: a call's event is selected in the other views. */
    public void select(int row) {
        CostSheet now = sheet.get();
        if (now == null || row < 0 || row >= now.rows().size()) {
            return;
        }
        selectedRow.set(row);
        now.rows().get(row).call().ifPresent(c -> {
            if (c.seq() >= 0 && c.seq() < trace.events().size()) {
                Event event = trace.event(c.seq());
                shownEvent = event;
                selecting = true;
                try {
                    reveal.accept(event);
                } finally {
                    selecting = false;
                }
            }
        });
    }

    /** The event selected elsewhere: its call's row is selected here, when it is a model call. */
    public void showEvent(Event event) {
        if (selecting || event == null) {
            return;
        }
        shownEvent = event;
        CostSheet now = sheet.get();
        if (now == null || !active) {
            return;
        }
        int row = now.rowOf(event.seq());
        if (row >= 0) {
            selectedRow.set(row);
        }
    }

    /** Selects no row, the ledger shown from its top. */
    public void clearSelection() {
        shownEvent = null;
        selectedRow.set(-1);
    }

    public void close() {
        builds.cancel();
    }

    /** "1,234". */
    static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
