package dev.tracedeck.desktop.history;

import dev.tracedeck.analysis.tokens.ContextPoint;
import dev.tracedeck.analysis.tokens.MeasuredPoint;
import dev.tracedeck.analysis.tokens.PromptCount;
import dev.tracedeck.analysis.tokens.TokenCategory;
import dev.tracedeck.model.recorded.Compaction;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;

/**
 * A thread's context over time: tokens at each state dump (or message), with the model's window and the 80 %
 * trigger where an agent should summarize marked, and the selected point with its tokens by category. Where the trace
 * recorded the usage its provider billed, that is drawn beside the count, and the points where the harness
 * compacted the context are marked. Clicking the
 * chart selects the nearest point's event. Long threads are drawn from at most {@link #MAX_DRAWN} points, each
 * the largest of its stretch, so a peak is never smoothed away.
 */
public final class ContextChartView extends BorderPane {

    static final int MAX_DRAWN = 800;
    /** The token axis's width, the cache chart's too: the two plots then start at the same place. */
    static final double TOKEN_AXIS_WIDTH = 64;

    private final HistoryViewModel model;
    private final Label header = new Label();
    private final Label breakdown = new Label();
    private final NumberAxis x = new NumberAxis();
    private final NumberAxis y = new NumberAxis();
    private final LineChart<Number, Number> chart = new LineChart<>(x, y);

    public ContextChartView(HistoryViewModel model) {
        this.model = model;
        getStyleClass().add("context-chart-view");
        getStylesheets().add(ContextChartView.class.getResource("/dev/tracedeck/desktop/history/history.css").toExternalForm());
        header.getStyleClass().add("history-header");
        breakdown.getStyleClass().add("context-breakdown");
        breakdown.setWrapText(true);
        header.setMaxWidth(Double.MAX_VALUE);
        header.setWrapText(true);
        chart.getStyleClass().add("context-chart");
        chart.setAnimated(false);
        chart.setCreateSymbols(false);
        chart.setLegendVisible(true);
        x.setLabel("event #");
        x.setForceZeroInRange(false);
        x.setMinorTickVisible(false);
        // Events are numbered: a short thread's axis would otherwise read 0.5, 1.5 …
        x.setTickLabelFormatter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(Number n) {
                return n.doubleValue() == Math.rint(n.doubleValue()) ? String.format("%,d", n.longValue()) : "";
            }

            @Override
            public Number fromString(String s) {
                return Double.valueOf(s.replace(",", ""));
            }
        });
        y.setLabel("prompt tokens");
        y.setForceZeroInRange(true);
        y.setMinWidth(TOKEN_AXIS_WIDTH);
        y.setPrefWidth(TOKEN_AXIS_WIDTH);
        chart.setOnMouseClicked(e -> {
            HistoryInsight insight = model.getInsight();
            if (insight == null || insight.points().isEmpty()) {
                return;
            }
            double seq = x.getValueForDisplay(x.sceneToLocal(e.getSceneX(), e.getSceneY()).getX()).doubleValue();
            model.reveal(nearest(insight.points(), seq).event());
        });
        setTop(header);
        setCenter(chart);
        setBottom(new VBox(breakdown));
        model.insightProperty().addListener((obs, old, now) -> show(now));
        model.statusProperty().addListener((obs, old, now) -> show(model.getInsight()));
        show(model.getInsight());
    }

    /** The event axis, which the cache chart under this one follows. */
    public NumberAxis eventAxis() {
        return x;
    }

    LineChart<Number, Number> chart() {
        return chart;
    }

    Label breakdown() {
        return breakdown;
    }

    private void show(HistoryInsight insight) {
        String status = model.statusProperty().get();
        if (insight == null || insight.points().isEmpty()) {
            header.setText(status.isEmpty() ? "Select a thread to see its context over time." : status);
            chart.getData().clear();
            breakdown.setText("");
            return;
        }
        List<ContextPoint> points = insight.points();
        List<MeasuredPoint> measured = insight.measured();
        int limit = insight.limit();
        int estimatedPeak = points.stream().mapToInt(p -> p.count().tokens()).max().orElse(0);
        long measuredPeak = measured.stream().mapToLong(MeasuredPoint::tokens).max().orElse(0);
        long peak = Math.max(estimatedPeak, measuredPeak);
        String name = insight.thread().id().isEmpty() ? "The run" : insight.thread().id();
        String level = measured.isEmpty()
                ? String.format("context at %,d points, peak %,d tokens (%.1f%% of %s's %,d)", points.size(), estimatedPeak,
                100.0 * estimatedPeak / limit, insight.model().profile().name(), limit)
                : String.format("recorded usage at %,d calls, peak %,d prompt tokens (%.1f%% of %s's %,d); Tracedeck's"
                + " own count peaks at %,d", measured.size(), measuredPeak, 100.0 * measuredPeak / limit,
                insight.model().profile().name(), limit, estimatedPeak);
        List<Compaction> compactions = insight.thread().records().compactions();
        String compacted = compactions.isEmpty() ? "" : String.format("; compacted %d time%s", compactions.size(),
                compactions.size() == 1 ? "" : "s");
        header.setText(name + ": " + level + compacted + (status.isEmpty() ? "" : " — " + status));
        double first = points.get(0).event().seq();
        double last = Math.max(first + 1, points.get(points.size() - 1).event().seq());
        XYChart.Series<Number, Number> tokens = new XYChart.Series<>();
        tokens.setName(measured.isEmpty() ? "prompt tokens" : "Tracedeck's count");
        for (ContextPoint p : drawn(points)) {
            tokens.getData().add(new XYChart.Data<>(p.event().seq(), p.count().tokens()));
        }
        // The window is drawn only when the context comes near it, else the curve would be a flat line at the bottom;
        // every series stays (empty when there is nothing to draw) so each keeps its colour.
        boolean near = peak >= limit * 0.25;
        List<XYChart.Series<Number, Number>> all = new ArrayList<>();
        all.add(tokens);
        String off = near ? "" : " (off the scale)";
        all.add(line(String.format("window %,d%s", limit, off), first, last, limit, near));
        all.add(line(String.format("trigger %d%%%s", Math.round(HistoryInsight.TRIGGER * 100), off), first, last,
                (int) (limit * HistoryInsight.TRIGGER), near));
        XYChart.Series<Number, Number> marker = new XYChart.Series<>();
        marker.setName("selected");
        insight.chosenPoint().ifPresent(p -> {
            marker.getData().add(new XYChart.Data<>(p.event().seq(), 0));
            marker.getData().add(new XYChart.Data<>(p.event().seq(), near ? Math.max(peak, limit) : peak));
        });
        all.add(marker);
        XYChart.Series<Number, Number> billed = new XYChart.Series<>();
        billed.setName(measured.isEmpty() ? "no usage recorded" : "recorded usage");
        for (MeasuredPoint m : measured) {
            billed.getData().add(new XYChart.Data<>(m.event().seq(), m.tokens()));
        }
        all.add(billed);
        all.add(compactionMarks(compactions, near ? Math.max(peak, limit) : peak));
        chart.getData().setAll(all);
        breakdown.setText(insight.chosenPoint().map(p -> describe(p, limit)).orElse("")
                + insight.chosenMeasured().map(m -> String.format("%nRecorded: the call at line %d read %,d prompt tokens"
                        + " (%.1f%% of the window)%s.", m.event().source().firstLine(), m.tokens(), 100.0 * m.tokens() / limit,
                        m.call().usage().map(u -> u.cacheRead() > 0 ? String.format(", %,d of them from the cache", u.cacheRead())
                                : "").orElse(""))).orElse("")
                + compactionText(compactions, points)
                + (near ? "" : String.format("  (the window, %,d, and the trigger are off the scale: the peak is %.1f%% of it)",
                limit, 100.0 * peak / limit)));
    }

    /** A mark at the top of the chart where the harness compacted the context; its line stays hidden. */
    private static XYChart.Series<Number, Number> compactionMarks(List<Compaction> compactions, long top) {
        XYChart.Series<Number, Number> marks = new XYChart.Series<>();
        marks.setName("compacted");
        for (Compaction c : compactions) {
            XYChart.Data<Number, Number> d = new XYChart.Data<>(c.event().seq(), top);
            Label mark = new Label("compacted");
            mark.getStyleClass().add("compaction-mark");
            d.setNode(mark);
            marks.getData().add(d);
        }
        return marks;
    }

    /** Each compaction with what it dropped: the history Tracedeck counted just before it. */
    static String compactionText(List<Compaction> compactions, List<ContextPoint> points) {
        StringBuilder text = new StringBuilder();
        for (Compaction c : compactions) {
            ContextPoint before = ContextPoint.atOrBefore(points, c.event()).orElse(null);
            String dropped = before == null ? "" : String.format(" It dropped %,d message%s (%,d tokens by Tracedeck's count).",
                    before.messages(), before.messages() == 1 ? "" : "s", before.count().tokens());
            text.append(String.format("%nCompacted at line %d%s%s: the history before it was replaced by a summary.%s",
                    c.event().source().firstLine(), c.trigger().isEmpty() ? "" : " (" + c.trigger() + ")",
                    c.tokensBefore().isPresent() ? String.format(", %,d tokens before as recorded", c.tokensBefore().getAsLong())
                            : "", dropped));
        }
        return text.toString();
    }

    private static XYChart.Series<Number, Number> line(String name, double from, double to, int value, boolean drawn) {
        XYChart.Series<Number, Number> s = new XYChart.Series<>();
        s.setName(name);
        if (drawn) {
            s.getData().add(new XYChart.Data<>(from, value));
            s.getData().add(new XYChart.Data<>(to, value));
        }
        return s;
    }

    static String describe(ContextPoint p, int limit) {
        PromptCount c = p.count();
        StringBuilder text = new StringBuilder(String.format("At event %d (line %d): %,d messages, %,d tokens, %.1f%% of the window — ",
                p.event().seq(), p.event().source().firstLine(), p.messages(), c.tokens(), 100.0 * c.tokens() / limit));
        List<String> parts = new ArrayList<>();
        for (TokenCategory category : TokenCategory.values()) {
            if (c.of(category) > 0) {
                parts.add(String.format("%s %,d", category.label(), c.of(category)));
            }
        }
        text.append(String.join(" · ", parts));
        if (!c.exact()) {
            text.append(". Estimate: ").append(String.join("; ", c.estimateReasons()));
        }
        return text.toString();
    }

    /** At most {@link #MAX_DRAWN} points: each stretch of the thread drawn as its largest point. */
    static List<ContextPoint> drawn(List<ContextPoint> points) {
        if (points.size() <= MAX_DRAWN) {
            return points;
        }
        List<ContextPoint> out = new ArrayList<>(MAX_DRAWN + 1);
        double stretch = points.size() / (double) MAX_DRAWN;
        for (int b = 0; b < MAX_DRAWN; b++) {
            int from = (int) (b * stretch);
            int to = Math.min(points.size(), (int) ((b + 1) * stretch));
            ContextPoint best = points.get(from);
            for (int i = from + 1; i < to; i++) {
                if (points.get(i).count().tokens() > best.count().tokens()) {
                    best = points.get(i);
                }
            }
            out.add(best);
        }
        if (out.get(out.size() - 1) != points.get(points.size() - 1)) {
            out.add(points.get(points.size() - 1));
        }
        return out;
    }

    static ContextPoint nearest(List<ContextPoint> points, double seq) {
        ContextPoint best = points.get(0);
        for (ContextPoint p : points) {
            if (Math.abs(p.event().seq() - seq) < Math.abs(best.event().seq() - seq)) {
                best = p;
            }
        }
        return best;
    }
}
