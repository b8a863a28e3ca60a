package dev.tracedeck.desktop.history;

import dev.tracedeck.analysis.cost.CacheUse;
import dev.tracedeck.analysis.cost.CostTotal;
import dev.tracedeck.analysis.rules.cost.CacheMiss;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.StackedAreaChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

/**
 * Each model call's prompt as it met the cache, from its recorded usage, under the context chart and on its event axis:
 * the tokens read from the cache, those written to it, and the uncached rest, stacked. The misses the cache-miss rule
 * finds are marked on the call that missed, with their reason, and under the chart what each cost: the price of paying
 * for the prefix again (as cache writes or uncached input) over reading it. Clicking selects the nearest call's event.
 * A long thread is drawn from at most {@link ContextChartView#MAX_DRAWN} calls, each the largest prompt of its stretch;
 * a miss is always drawn.
 */
public final class CacheChartView extends BorderPane {

    /** Misses said in words under the chart; the findings list every one. */
    static final int SAID = 3;
    private final HistoryViewModel model;
    private final Label header = new Label();
    private final Label misses = new Label();
    private final NumberAxis x = new NumberAxis();
    private final NumberAxis y = new NumberAxis();
    private final StackedAreaChart<Number, Number> chart = new StackedAreaChart<>(x, y);
    private final NumberAxis contextAxis;

    /** @param axis the context chart's event axis, which this one follows so that a call lies under its point */
    public CacheChartView(HistoryViewModel model, NumberAxis axis) {
        this.model = model;
        this.contextAxis = axis;
        getStyleClass().add("cache-chart-view");
        getStylesheets().add(CacheChartView.class.getResource("/dev/tracedeck/desktop/history/history.css").toExternalForm());
        setMinSize(0, 0);
        header.getStyleClass().add("history-header");
        header.setMaxWidth(Double.MAX_VALUE);
        header.setMinHeight(Region.USE_PREF_SIZE);
        misses.getStyleClass().add("context-breakdown");
        misses.setWrapText(true);
        misses.setMinHeight(Region.USE_PREF_SIZE);
        misses.setId("cache-misses");
        chart.getStyleClass().addAll("context-chart", "cache-chart");
        chart.setAnimated(false);
        chart.setCreateSymbols(false);
        // The key sits in the header line: a chart's own legend takes rows the plot has none to spare of under the
        // context chart, and was the first thing the chart dropped at 1280 × 720.
        chart.setLegendVisible(false);
        chart.setMinHeight(120);
        x.setLabel("event #");
        x.setMinorTickVisible(false);
        x.setForceZeroInRange(false);
        x.setTickLabelFormatter(axis.getTickLabelFormatter());
        y.setLabel("cache tokens");
        y.setForceZeroInRange(true);
        // The same width as the context chart's token axis: the two plots then start at the same place.
        y.setMinWidth(ContextChartView.TOKEN_AXIS_WIDTH);
        y.setPrefWidth(ContextChartView.TOKEN_AXIS_WIDTH);
        chart.setOnMouseClicked(e -> {
            HistoryInsight insight = model.getInsight();
            if (insight == null || insight.cache().calls().isEmpty()) {
                return;
            }
            double seq = x.getValueForDisplay(x.sceneToLocal(e.getSceneX(), e.getSceneY()).getX()).doubleValue();
            model.reveal(nearest(insight.cache().calls(), seq).call().event());
        });
        HBox top = new HBox(key("read", "cache-key-read"), key("written", "cache-key-written"),
                key("uncached", "cache-key-uncached"), header);
        top.getStyleClass().add("cache-header");
        HBox.setHgrow(header, Priority.ALWAYS);
        header.setMinWidth(0);
        setTop(top);
        setCenter(chart);
        setBottom(misses);
        model.insightProperty().addListener((obs, old, now) -> show(now));
        show(model.getInsight());
    }

    /** A swatch of a band's colour and its word: one entry of the chart's key. */
    private static Label key(String word, String styleClass) {
        Region swatch = new Region();
        swatch.getStyleClass().addAll("cache-key-swatch", styleClass);
        Label key = new Label(word, swatch);
        key.getStyleClass().add("cache-key");
        key.setMinWidth(Region.USE_PREF_SIZE);
        return key;
    }

    StackedAreaChart<Number, Number> chart() {
        return chart;
    }

    Label header() {
        return header;
    }

    Label misses() {
        return misses;
    }

    private void show(HistoryInsight insight) {
        HistoryInsight.CacheInsight cache = insight == null ? HistoryInsight.CacheInsight.NONE : insight.cache();
        if (insight == null || cache.calls().isEmpty()) {
            header.setText(insight == null ? "" : "Prompt cache: no usage recorded for this thread's model calls");
            chart.getData().clear();
            misses.setText("");
            return;
        }
        followContextAxis(!insight.points().isEmpty());
        long read = 0;
        long written = 0;
        long uncached = 0;
        for (CacheUse c : cache.calls()) {
            read += c.read();
            written += c.written();
            uncached += c.uncached();
        }
        long prompt = Math.max(1, read + written + uncached);
        header.setText(String.format("Prompt cache at %,d calls: %,d tokens read from it (%.0f%% of the prompts), %,d written,"
                        + " %,d uncached%s", cache.calls().size(), read, 100.0 * read / prompt, written, uncached,
                cache.caches() ? misses(cache.misses()) : " — the recorded usage shows no prompt caching"));
        header.setTooltip(new Tooltip(header.getText()));
        Map<Integer, CacheMiss.Miss> missAt = new HashMap<>();
        cache.misses().forEach(m -> missAt.put(m.call().event().seq(), m));
        XYChart.Series<Number, Number> reads = series("read from cache");
        XYChart.Series<Number, Number> writes = series("written to cache");
        XYChart.Series<Number, Number> rest = series("uncached input");
        XYChart.Series<Number, Number> marks = series("cache miss");
        for (CacheUse c : drawn(cache.calls(), missAt)) {
            int seq = c.call().event().seq();
            reads.getData().add(new XYChart.Data<>(seq, c.read()));
            writes.getData().add(new XYChart.Data<>(seq, c.written()));
            rest.getData().add(new XYChart.Data<>(seq, c.uncached()));
            CacheMiss.Miss miss = missAt.get(seq);
            // Stacked on the three: a mark of height 0 sits on top of the call's prompt.
            XYChart.Data<Number, Number> mark = new XYChart.Data<>(seq, 0);
            if (miss != null) {
                Label label = new Label("miss" + miss.extraMicrodollars().stream().mapToObj(m -> " +" + CostTotal.dollars(m))
                        .findFirst().orElse(""));
                label.getStyleClass().add("cache-miss-mark");
                // Inline: the chart gives a point's node its own symbol's classes, whose fill would otherwise win.
                label.setStyle("-fx-background-color: -td-danger-bg; -fx-background-insets: 0; -fx-background-radius: 0;"
                        + " -fx-padding: 0 3 0 3; -fx-text-fill: -td-danger;");
                // Its right edge on the call: the last call of a thread, where misses often are, is the plot's edge.
                label.translateXProperty().bind(label.widthProperty().divide(-2));
                Tooltip.install(label, new Tooltip(describe(miss)));
                label.setOnMouseClicked(e -> {
                    model.reveal(miss.call().event());
                    e.consume();
                });
                mark.setNode(label);
            }
            marks.getData().add(mark);
        }
        chart.getData().setAll(List.of(reads, writes, rest, marks));
        StringBuilder text = new StringBuilder();
        List<CacheMiss.Miss> listed = cache.misses().subList(0, Math.min(SAID, cache.misses().size()));
        for (CacheMiss.Miss m : listed) {
            text.append(text.length() == 0 ? "" : "\n").append(describe(m));
        }
        if (cache.misses().size() > SAID) {
            text.append(String.format("%nand %,d more: the findings list each", cache.misses().size() - SAID));
        }
        misses.setText(text.toString());
        misses.setVisible(!cache.misses().isEmpty());
        misses.setManaged(misses.isVisible());
    }

    /** On the context chart's axis while it draws the thread, else on an axis of its own. */
    private void followContextAxis(boolean follow) {
        if (follow && !x.lowerBoundProperty().isBound()) {
            x.setAutoRanging(false);
            x.lowerBoundProperty().bind(contextAxis.lowerBoundProperty());
            x.upperBoundProperty().bind(contextAxis.upperBoundProperty());
            x.tickUnitProperty().bind(contextAxis.tickUnitProperty());
        } else if (!follow && x.lowerBoundProperty().isBound()) {
            x.lowerBoundProperty().unbind();
            x.upperBoundProperty().unbind();
            x.tickUnitProperty().unbind();
            x.setAutoRanging(true);
        }
    }

    /** "; 2 misses cost $0.24 more than reading the prefix", or that the rule found none. */
    private static String misses(List<CacheMiss.Miss> misses) {
        if (misses.isEmpty()) {
            return "; no cache miss the trace gives a reason for";
        }
        long extra = 0;
        int unpriced = 0;
        for (CacheMiss.Miss m : misses) {
            if (m.extraMicrodollars().isPresent()) {
                extra += m.extraMicrodollars().getAsLong();
            } else {
                unpriced++;
            }
        }
        return String.format("; %d cache miss%s cost %s%s more than reading the prefix back", misses.size(),
                misses.size() == 1 ? "" : "es", unpriced > 0 ? "at least " : "", CostTotal.dollars(extra))
                + (unpriced > 0 ? " (" + unpriced + " of an unpriced model)" : "");
    }

    /** One miss in a sentence: the call, the tokens missed, why, and what it cost. */
    static String describe(CacheMiss.Miss m) {
        String cost = m.extraMicrodollars().isPresent()
                ? "paid as " + m.paidAs() + ": " + CostTotal.dollars(m.extraMicrodollars().getAsLong()) + " more than reading them"
                : (m.call().model().isBlank() ? "the call names no model" : m.call().model().strip() + " is unpriced")
                        + ": what it cost is not known";
        return String.format("Miss at line %d: %,d of the %,d tokens the call at line %d cached were not read back. %s; %s.",
                m.call().event().source().firstLine(), m.missed(), m.prefix(), m.base().event().source().firstLine(),
                Character.toUpperCase(m.reason().charAt(0)) + m.reason().substring(1), cost);
    }

    private static XYChart.Series<Number, Number> series(String name) {
        XYChart.Series<Number, Number> s = new XYChart.Series<>();
        s.setName(name);
        return s;
    }

    /** At most {@link ContextChartView#MAX_DRAWN} calls: each stretch drawn as its largest prompt, and every miss. */
    static List<CacheUse> drawn(List<CacheUse> calls, Map<Integer, CacheMiss.Miss> missAt) {
        if (calls.size() <= ContextChartView.MAX_DRAWN) {
            return calls;
        }
        List<CacheUse> out = new ArrayList<>(ContextChartView.MAX_DRAWN + missAt.size() + 1);
        double stretch = calls.size() / (double) ContextChartView.MAX_DRAWN;
        for (int b = 0; b < ContextChartView.MAX_DRAWN; b++) {
            int from = (int) (b * stretch);
            int to = Math.min(calls.size(), (int) ((b + 1) * stretch));
            CacheUse best = null;
            for (int i = from; i < to; i++) {
                CacheUse c = calls.get(i);
                if (missAt.containsKey(c.call().event().seq())) {
                    out.add(c);
                } else if (best == null || c.bill().input() > best.bill().input()) {
                    best = c;
                }
            }
            if (best != null) {
                out.add(best);
            }
        }
        out.sort(java.util.Comparator.comparingInt(c -> c.call().event().seq()));
        return out;
    }

    static CacheUse nearest(List<CacheUse> calls, double seq) {
        CacheUse best = calls.get(0);
        for (CacheUse c : calls) {
            if (Math.abs(c.call().event().seq() - seq) < Math.abs(best.call().event().seq() - seq)) {
                best = c;
            }
        }
        return best;
    }
}
