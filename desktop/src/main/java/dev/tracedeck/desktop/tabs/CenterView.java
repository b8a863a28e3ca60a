package dev.tracedeck.desktop.tabs;

/**
 * What the pane beside the detail shows: the events, the history as typed steps, the context over time, the state's
 * shape, the run as its structure, the conversation as a person reads it, what its model calls cost, or the memories
 * its agent keeps over time.
 */
public enum CenterView {
    TIMELINE("Timeline"), STEPS("Steps"), CONTEXT("Context"), STATE("State"), TREE("Tree"), TRANSCRIPT("Transcript"),
    COST("Cost"), MEMORY("Memory");

    private final String title;

    CenterView(String title) {
        this.title = title;
    }

    public String title() {
        return title;
    }
}
