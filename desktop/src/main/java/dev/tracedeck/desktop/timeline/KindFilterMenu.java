package dev.tracedeck.desktop.timeline;

import dev.tracedeck.desktop.common.KindStyles;
import dev.tracedeck.engine.text.CountFormat;
import dev.tracedeck.model.event.EventKind;
import java.util.EnumMap;
import java.util.Map;
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

    KindFilterMenu(TimelineViewModel model) {
        getStyleClass().add("kind-filter");
        MenuItem all = new MenuItem("Show all kinds");
        all.setOnAction(e -> model.showAllKinds());
        getItems().addAll(all, new SeparatorMenuItem());
        for (EventKind kind : EventKind.values()) {
            CheckMenuItem item = new CheckMenuItem();
            Label swatch = new Label();
            swatch.getStyleClass().add("kind-swatch");
            KindStyles.apply(swatch, kind);
            item.setGraphic(swatch);
            item.setOnAction(e -> model.showKind(kind, item.isSelected()));
            items.put(kind, item);
            getItems().add(item);
        }
        model.filterProperty().addListener((obs, old, now) -> sync(now));
        sync(model.filterProperty().get());
        model.kindCountsProperty().addListener((obs, old, now) -> count(now));
        count(model.kindCountsProperty().get());
    }

    /** No counts while a file is still read: a count that grows in a menu reads as final. */
    private void count(Map<EventKind, Long> counts) {
        items.forEach((kind, item) -> item.setText(counts.isEmpty() ? kind.label()
                : kind.label() + "  " + CountFormat.count(counts.getOrDefault(kind, 0L))));
    }

    private void sync(EventFilter filter) {
        items.forEach((kind, item) -> item.setSelected(filter.kinds().contains(kind)));
        int shown = filter.kinds().size();
        setText(filter.showsAllKinds() ? "All kinds" : shown + " of " + EventKind.values().length + " kinds");
        pseudoClassStateChanged(ACTIVE, !filter.showsAllKinds());
    }
}
