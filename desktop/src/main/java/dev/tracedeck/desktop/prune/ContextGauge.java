package dev.tracedeck.desktop.prune;

import dev.tracedeck.engine.text.CountFormat;
import java.util.Locale;
import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

/**
 * A history's tokens against the model's window: a bar filled to the share used, a tick at the trigger, and the
 * numbers. Past the trigger it turns to the warning colour, past the window to the danger colour (pseudo-classes
 * {@code over-trigger} and {@code over-limit}).
 */
final class ContextGauge extends HBox {

    static final PseudoClass OVER_TRIGGER = PseudoClass.getPseudoClass("over-trigger");
    static final PseudoClass OVER_LIMIT = PseudoClass.getPseudoClass("over-limit");

    private final Bar bar = new Bar();
    private final Label text = new Label();

    ContextGauge() {
        getStyleClass().add("context-gauge");
        text.getStyleClass().add("gauge-text");
        text.setMinWidth(Region.USE_PREF_SIZE);
        HBox.setHgrow(bar, Priority.ALWAYS);
        getChildren().addAll(bar, text);
    }

    void show(int tokens, int limit, double trigger) {
        double share = limit <= 0 ? 0 : (double) tokens / limit;
        bar.set(share, trigger);
        pseudoClassStateChanged(OVER_LIMIT, share > 1);
        pseudoClassStateChanged(OVER_TRIGGER, share > trigger && share <= 1);
        text.setText(CountFormat.count(tokens) + " / " + CountFormat.count(limit) + " tokens · "
                + String.format(Locale.ROOT, share < 0.1 ? "%.1f%%" : "%.0f%%", share * 100));
    }

    void clear() {
        bar.set(0, PlaygroundViewModel.DEFAULT_TRIGGER);
        text.setText("");
    }

    /** The track, the fill (capped at the track's end) and the trigger's tick; laid out by hand. */
    private static final class Bar extends Region {
        private final Region fill = new Region();
        private final Region tick = new Region();
        private double share;
        private double trigger = PlaygroundViewModel.DEFAULT_TRIGGER;

        Bar() {
            getStyleClass().add("gauge-track");
            fill.getStyleClass().add("gauge-fill");
            tick.getStyleClass().add("gauge-tick");
            getChildren().addAll(fill, tick);
            setMinWidth(60);
            setPrefWidth(200);
        }

        void set(double share, double trigger) {
            this.share = share;
            this.trigger = trigger;
            requestLayout();
        }

        @Override
        protected void layoutChildren() {
            double w = getWidth();
            double h = getHeight();
            fill.resizeRelocate(0, 0, Math.round(w * Math.min(1, Math.max(0, share))), h);
            tick.resizeRelocate(Math.round(w * trigger) - 1, 0, 2, h);
        }

        @Override
        protected double computePrefHeight(double width) {
            return 8;
        }
    }
}
