package dev.tracedeck.desktop.render;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@code tracedeck render} draws.
 *
 * @param view   shape, compare, checklist, timeline, tree, transcript, cost, memory or align
 * @param files  the traces (two for compare: before, then after; for align the runs, files or folders)
 * @param out    the PNG to write
 * @param thread the thread to draw (its id or a part only one id holds), else the first with a history
 * @param at     the event whose state or row to show, else the thread's last
 * @param theme  light or dark
 * @param scale  1 to 4
 * @param width  the view's width in points, before scaling
 * @param height the view's height in points, before scaling
 */
public record RenderRequest(String view, List<Path> files, Path out, Optional<String> thread, Optional<Integer> at,
                            String theme, double scale, int width, int height) {

    public static final List<String> VIEWS = List.of("shape", "compare", "checklist", "timeline", "tree", "transcript", "cost", "memory", "align");

    /**
     * The most pixels a picture may have: 2^28 (16384 × 16384). The snapshot holds 4 bytes a pixel in one buffer
     * indexed by an int, which overflows past 2^29, and the picture is held twice while it is encoded.
     */
    public static final long MAX_PIXELS = 1L << 28;

    public RenderRequest {
        Objects.requireNonNull(view);
        files = List.copyOf(files);
        Objects.requireNonNull(out);
        Objects.requireNonNull(thread);
        Objects.requireNonNull(at);
        Objects.requireNonNull(theme);
    }
}
