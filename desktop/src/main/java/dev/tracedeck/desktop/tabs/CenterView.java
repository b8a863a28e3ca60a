package dev.tracedeck.desktop.tabs;

/** What the pane beside the detail shows: the events, the history as typed steps, the context over time, or the state's shape. */
public enum CenterView {
    TIMELINE("Timeline"), STEPS("Steps"), CONTEXT("Context"), STATE("State");

    private final String title;

    CenterView(String title) {
        this.title = title;
    }

    public String title() {
        return title;
    }
}
