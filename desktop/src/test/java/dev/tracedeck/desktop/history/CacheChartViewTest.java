package dev.tracedeck.desktop.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.fixtures.CachedSession;
import dev.tracedeck.desktop.fixtures.SubAgentSession;
import dev.tracedeck.model.event.Event;
import dev.tracedeck.model.trace.Trace;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The cache chart under the context chart, headless, on a session that misses its cache once (see CachedSession). */
@ExtendWith(ApplicationExtension.class)
class CacheChartViewTest {

    private Trace trace;
    private HistoryViewModel model;
    private ContextChartView context;
    private CacheChartView cache;
    private final List<Event> revealed = new ArrayList<>();

    @Start
    void start(Stage stage) throws Exception {
        trace = CachedSession.trace();
        model = new HistoryViewModel(trace, new SyncTaskRunner(), revealed::add);
        context = new ContextChartView(model);
        cache = new CacheChartView(model, context.eventAxis());
        Scene scene = new Scene(new VBox(context, cache), 1000, 800);
        for (String sheet : List.of("tokens-dark.css", "app.css")) {
            scene.getStylesheets().add(CacheChartViewTest.class.getResource("/dev/tracedeck/desktop/" + sheet).toExternalForm());
        }
        Stage own = new Stage();
        own.setScene(scene);
        own.show();
        model.setActive(true);
        model.showThread(Optional.of(trace.threads().get(0).id()));
    }

    private static List<Number> ys(XYChart.Series<Number, Number> s) {
        return s.getData().stream().map(XYChart.Data::getYValue).toList();
    }

    @Test
    void eachCallsPromptIsStackedAsReadWrittenAndUncached(FxRobot robot) {
        List<XYChart.Series<Number, Number>> series = cache.chart().getData();
        assertEquals(List.of("read from cache", "written to cache", "uncached input", "cache miss"),
                series.stream().map(XYChart.Series::getName).toList());
        assertEquals(List.of(0L, 20_000L, 20_800L, 0L), ys(series.get(0)));
        assertEquals(List.of(20_000L, 800L, 600L, 21_400L), ys(series.get(1)));
        assertEquals(List.of(5L, 5L, 5L, 5L), ys(series.get(2)));
        assertTrue(cache.header().getText().startsWith("Prompt cache at 4 calls: 40,800 tokens read from it (49% of the"
                + " prompts), 42,800 written, 20 uncached; 1 cache miss cost $0.123050 more than reading the prefix back"),
                cache.header().getText());
        // The key is in the header line, where it always has room; the chart keeps its rows for the plot.
        assertEquals(List.of("read", "written", "uncached"), robot.lookup(".cache-key").queryAllAs(Label.class).stream()
                .filter(Label::isVisible).map(Label::getText).toList());
        assertFalse(cache.chart().isLegendVisible());
    }

    @Test
    void theMissIsMarkedOnItsCallWithItsReasonAndWhatItCost(FxRobot robot) {
        XYChart.Series<Number, Number> marks = cache.chart().getData().get(3);
        List<XYChart.Data<Number, Number>> marked = marks.getData().stream().filter(d -> d.getNode() instanceof Label).toList();
        assertEquals(1, marked.size());
        Event missed = trace.events().stream().filter(e -> e.source().firstLine() == 8).findFirst().orElseThrow();
        assertEquals(missed.seq(), marked.get(0).getXValue().intValue(), "on the call that missed");
        // 21,400 opus-4-5 tokens written at $6.25/M instead of read at $0.50/M.
        assertEquals("miss +$0.123050", ((Label) marked.get(0).getNode()).getText());
        assertEquals("Miss at line 8: 21,400 of the 21,400 tokens the call at line 6 cached were not read back. At least"
                + " 6 min 59 s passed since that call, past the cache's 5-minute lifetime; paid as cache writes: $0.123050"
                + " more than reading them.", cache.misses().getText());

        robot.clickOn(marked.get(0).getNode());
        assertEquals(missed, revealed.get(revealed.size() - 1), "the mark selects the call's event");
    }

    @Test
    void theCacheChartLiesOnTheContextChartsEventAxis(FxRobot robot) {
        javafx.scene.chart.NumberAxis x = (javafx.scene.chart.NumberAxis) cache.chart().getXAxis();
        assertEquals(context.eventAxis().getLowerBound(), x.getLowerBound());
        assertEquals(context.eventAxis().getUpperBound(), x.getUpperBound());
        Node plot = cache.chart().lookup(".chart-plot-background");
        Node contextPlot = context.chart().lookup(".chart-plot-background");
        assertEquals(contextPlot.localToScene(0, 0).getX(), plot.localToScene(0, 0).getX(), 1.0,
                "the two plots start at the same place");
    }

    @Test
    void aThreadWithoutCachingSaysSo(FxRobot robot) throws Exception {
        Trace plain = SubAgentSession.trace();
        HistoryViewModel other = new HistoryViewModel(plain, new SyncTaskRunner(), e -> { });
        CacheChartView[] view = new CacheChartView[1];
        robot.interact(() -> {
            ContextChartView chart = new ContextChartView(other);
            view[0] = new CacheChartView(other, chart.eventAxis());
            other.setActive(true);
            other.showThread(Optional.of(plain.threads().get(0).id()));
        });
        assertTrue(view[0].header().getText().endsWith("— the recorded usage shows no prompt caching"), view[0].header().getText());
        assertTrue(view[0].misses().getText().isEmpty());
    }
}
