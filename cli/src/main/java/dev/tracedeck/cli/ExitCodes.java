package dev.tracedeck.cli;

/** Exit codes of the command line, a contract for scripts and CI (docs/cli.md lists them). */
public final class ExitCodes {
    public static final int OK = 0;
    /** {@code validate}: something reached the --fail-on threshold. */
    public static final int FINDINGS = 1;
    /**
     * Bad arguments, or a file that can't be read — or read back as it was read: a file that changed while being
     * checked, so that its findings' evidence (and so their fingerprints) can't be had — or output that can't be
     * written (a full disk, a closed standard output, a picture not drawn).
     */
    public static final int USAGE = 2;
    /** {@code validate}: a file held nothing any rule could check, so it has no verdict ({@code --allow-empty} passes it). */
    public static final int NOTHING_TO_CHECK = 3;
    /** Tracedeck itself failed: it ran out of memory, or a fault of its own (said in one line, never as a finding). */
    public static final int INTERNAL = 4;

    private ExitCodes() {
    }
}
