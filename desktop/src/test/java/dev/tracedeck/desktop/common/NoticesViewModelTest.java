package dev.tracedeck.desktop.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class NoticesViewModelTest {

    private final NoticesViewModel notices = new NoticesViewModel();

    @Test
    void showsTheSameNoticeOnceNewestLast() {
        notices.post(Notice.error("a"));
        notices.post(Notice.error("b"));
        notices.post(Notice.error("a"));

        assertEquals(List.of(Notice.error("b"), Notice.error("a")), notices.notices());
    }

    @Test
    void keepsOnlyTheNewestFew() {
        for (int i = 0; i < NoticesViewModel.MAX_NOTICES + 3; i++) {
            notices.post(Notice.info("n" + i));
        }

        assertEquals(NoticesViewModel.MAX_NOTICES, notices.notices().size());
        assertEquals(Notice.info("n" + (NoticesViewModel.MAX_NOTICES + 2)), notices.notices().get(NoticesViewModel.MAX_NOTICES - 1));
    }

    @Test
    void dismissesOneOrAll() {
        notices.post(Notice.info("a"));
        notices.post(Notice.info("b"));

        notices.dismiss(Notice.info("a"));
        assertEquals(List.of(Notice.info("b")), notices.notices());
        notices.dismissAll();
        assertTrue(notices.notices().isEmpty());
    }

    @Test
    void errorBoundaryShowsAShortMessageAndKeepsTheStackTraceForDetails() {
        ErrorBoundary boundary = new ErrorBoundary(notices, Runnable::run);

        boundary.uncaughtException(Thread.currentThread(), new IllegalStateException("cell broke\nsecond line"));

        Notice notice = notices.notices().get(0);
        assertEquals("Unexpected error: IllegalStateException: cell broke", notice.text());
        assertFalse(notice.text().contains("\tat "));
        assertTrue(notice.details().contains("\tat "), "details hold the stack trace");
    }
}
