package dev.tracedeck.desktop.common;

/** What running work sees of its task: where to report progress and whether to stop. Thread-safe. */
public interface TaskContext {

    TaskContext NONE = new TaskContext() {
        @Override
        public void progress(long done, long total) {
        }

        @Override
        public boolean isCancelled() {
            return false;
        }
    };

    /** {@code done} of {@code total} units; a negative total means the amount of work is unknown. */
    void progress(long done, long total);

    boolean isCancelled();
}
