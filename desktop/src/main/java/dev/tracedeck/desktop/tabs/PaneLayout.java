package dev.tracedeck.desktop.tabs;

/**
 * Where a file's split panes divide, as fractions of their width or height: the thread list's right edge,
 * the timeline's right edge (the detail pane's left), the timeline-and-detail's bottom edge above the findings
 * panel. One layout for the window, remembered across restarts; out-of-range values are clamped.
 */
public record PaneLayout(double threads, double detail, double findings) {

    private static final double MIN = 0.02;
    private static final double MAX = 0.98;
    private static final double DEFAULT_THREADS = 0.14;
    /** The detail's left edge: in a window on a 1280-pixel screen the timeline's summary shows 45 characters or more. */
    private static final double DEFAULT_DETAIL = 0.64;
    private static final double DEFAULT_FINDINGS = 0.68;

    public static final PaneLayout DEFAULT = new PaneLayout(DEFAULT_THREADS, DEFAULT_DETAIL, DEFAULT_FINDINGS);

    public PaneLayout {
        threads = clamp(threads, DEFAULT_THREADS);
        detail = clamp(detail, DEFAULT_DETAIL);
        findings = clamp(findings, DEFAULT_FINDINGS);
    }

    public PaneLayout withThreads(double value) {
        return new PaneLayout(value, detail, findings);
    }

    public PaneLayout withDetail(double value) {
        return new PaneLayout(threads, value, findings);
    }

    public PaneLayout withFindings(double value) {
        return new PaneLayout(threads, detail, value);
    }

    private static double clamp(double value, double fallback) {
        return Double.isNaN(value) ? fallback : Math.max(MIN, Math.min(MAX, value));
    }
}
