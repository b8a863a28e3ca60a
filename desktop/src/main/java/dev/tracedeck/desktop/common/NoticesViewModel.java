package dev.tracedeck.desktop.common;

import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/** The notices on show, newest last. Posting the same notice twice shows it once. */
public final class NoticesViewModel {

    /** More than this and the oldest go: a flood of errors should not push the window's content away. */
    static final int MAX_NOTICES = 5;

    private final ObservableList<Notice> notices = FXCollections.observableArrayList();
    private final ObservableList<Notice> readOnly = FXCollections.unmodifiableObservableList(notices);

    public ObservableList<Notice> notices() {
        return readOnly;
    }

    public void post(Notice notice) {
        notices.remove(notice);
        notices.add(notice);
        if (notices.size() > MAX_NOTICES) {
            notices.remove(0, notices.size() - MAX_NOTICES);
        }
    }

    public void dismiss(Notice notice) {
        notices.remove(notice);
    }

    public void dismissAll() {
        notices.clear();
    }
}
