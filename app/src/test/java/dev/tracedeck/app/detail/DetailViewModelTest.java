package dev.tracedeck.app.detail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.app.common.ManualTaskRunner;
import dev.tracedeck.app.common.SyncTaskRunner;
import dev.tracedeck.app.fixtures.TestTraces;
import dev.tracedeck.model.event.Event;
import org.junit.jupiter.api.Test;

class DetailViewModelTest {

    @Test
    void rendersTheSelectedEvent() {
        DetailViewModel detail = new DetailViewModel(new SyncTaskRunner());
        Event event = TestTraces.event(3);

        detail.show(event);

        assertSame(event, detail.shownEventProperty().get());
        assertEquals(DetailRenderer.render(event), detail.getDocument());
    }

    @Test
    void showsAHintWhenNothingIsSelected() {
        DetailViewModel detail = new DetailViewModel(new SyncTaskRunner());
        detail.show(TestTraces.event(3));

        detail.show(null);

        assertNull(detail.shownEventProperty().get());
        assertEquals(DetailViewModel.NOTHING_SELECTED, detail.getDocument().text());
    }

    @Test
    void onlyTheNewestSelectionIsRendered() {
        ManualTaskRunner runner = new ManualTaskRunner();
        DetailViewModel detail = new DetailViewModel(runner);

        detail.show(TestTraces.event(2));
        detail.show(TestTraces.event(6));
        assertEquals(1, runner.pendingCount());
        runner.runNext();

        assertEquals(6, detail.shownEventProperty().get().seq());
        assertTrue(detail.getDocument().text().contains("#6"));
    }
}
