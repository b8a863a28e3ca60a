package dev.tracedeck.app.workspace;

/** What the pane beside the detail shows: the events, the history as typed steps, or the context over time. */
public enum CenterView {
    TIMELINE("Timeline"), STEPS("Steps"), CONTEXT("Context");

    private final String title;

    CenterView(String title) {
        this.title = title;
    }

    public String title() {
        return title;
    }
}
