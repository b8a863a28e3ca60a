package dev.tracedeck.desktop.timeline;

import dev.tracedeck.desktop.common.KindStyles;
import dev.tracedeck.engine.search.EventFilter;
import dev.tracedeck.engine.text.CountFormat;
import dev.tracedeck.model.event.EventKind;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import javafx.css.PseudoClass;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;

/** "Kinds ▾": one check item per event kind, kept in step with the view-model's filter. */
final class KindFilterMenu extends MenuButton {

    /** On while some kinds are hidden, so a narrowed timeline never looks like the whole run. */
    private static final PseudoClass ACTIVE = PseudoClass.getPseudoClass("active");

    private final Map<EventKind, CheckMenuItem> items = new EnumMap<>(EventKind.class);
    private final TimelineViewModel model;
    /** The kinds the file holds once it is read; every kind while it is read (or when it holds none). */
    private Set<EventKind> present = EnumSet.allOf(EventKind.class);

    KindFilterMenu(TimelineViewModel model) {
        this.model = model;
        getStyleClass().add("kind-filter");
        MenuItem all = new MenuItem("Show all kinds");
        all.setOnAction(e -> model.filter().showAllKinds());
        getItems().addAll(all, new SeparatorMenuItem());
        for (EventKind kind : EventKind.values()) {
            CheckMenuItem item = new CheckMenuItem();
            Label swatch = new Label();
            swatch.getStyleClass().add("kind-swatch");
            KindStyles.apply(swatch, kind);
            item.setGraphic(swatch);
            item.setOnAction(e -> model.filter().showKind(kind, item.isSelected()));
            items.put(kind, item);
            getItems().add(item);
        }
        model.filter().filterProperty().addListener((obs, old, now) -> sync(now));
        sync(model.filter().filterProperty().get());
        model.table().kindCountsProperty().addListener((obs, old, now) -> count(now));
        count(model.table().kindCountsProperty().get());
    }

    /**
     * No counts while a file is still read: a count that grows in a menu reads as final. Once it is read, only the
     * kinds it holds are offered: a kind with no events filters nothing.
     */
    private void count(Map<EventKind, Long> counts) {
        present = counts.isEmpty() ? EnumSet.allOf(EventKind.class) : EnumSet.copyOf(counts.keySet());
        items.forEach((kind, item) -> {
            item.setText(counts.isEmpty() ? kind.label() : kind.label() + "  " + CountFormat.count(counts.getOrDefault(kind, 0L)));
            item.setVisible(present.contains(kind));
        });
        sync(model.filter().filterProperty().get());
    }

    private void sync(EventFilter filter) {
        items.forEach((kind, item) -> item.setSelected(filter.kinds().contains(kind)));
        long shown = present.stream().filter(filter.kinds()::contains).count();
        boolean narrowed = shown < present.size();
        setText(narrowed ? shown + " of " + present.size() + " kinds" : "All kinds");
        pseudoClassStateChanged(ACTIVE, narrowed);
    }
}
