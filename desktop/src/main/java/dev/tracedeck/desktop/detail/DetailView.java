package dev.tracedeck.desktop.detail;

import dev.tracedeck.desktop.common.MatchRanges;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import org.fxmisc.flowless.VirtualizedScrollPane;
import org.fxmisc.richtext.StyleClassedTextArea;
import org.fxmisc.richtext.model.ReadOnlyStyledDocument;
import org.fxmisc.richtext.model.ReadOnlyStyledDocumentBuilder;
import org.fxmisc.richtext.model.StyleSpans;
import org.fxmisc.richtext.model.StyledSegment;

/**
 * The selected event in a read-only rich-text area (selectable, copyable, virtualized by paragraph, so a
 * snapshot with thousands of entries scrolls smoothly).
 */
public final class DetailView extends VBox {

    private static final Collection<String> PLAIN = List.of();
    private static final String FIND_MATCH = "find-match";

    /** Made when the pane first shows an event (see {@link #show}): until then a label holds the model's first text. */
    private StyleClassedTextArea area;
    private DetailDocument document = DetailDocument.EMPTY;
    /** The words the timeline is searched for, marked wherever the detail holds them; "" for none. */
    private String highlighted = "";
    private final HBox header;
    private final Label waiting = new Label();

    public DetailView(DetailViewModel model) {
        getStyleClass().add("detail");
        getStylesheets().add(DetailView.class.getResource("detail.css").toExternalForm());
        Label title = new Label("DETAIL");
        title.getStyleClass().add("pane-title");
        header = new HBox(title);
        header.getStyleClass().add("pane-header");

        waiting.getStyleClass().add("detail-waiting");
        waiting.setWrapText(true);
        waiting.setMaxWidth(Double.MAX_VALUE);
        VBox.setVgrow(waiting, Priority.ALWAYS);
        getChildren().addAll(header, waiting);

        // Invalidation, not change: an equal document rendered again (a finding clicked again) still scrolls back to its focus.
        model.documentProperty().addListener(obs -> show(model.getDocument()));
        waiting.setText(model.getDocument().lines().stream().map(DetailDocument.Line::text).collect(Collectors.joining("\n")));
    }

    /**
     * The rich-text area, made the first time the pane shows a document other than the one it opened with (a placeholder
     * before anything is selected): making, styling and laying out a styled area is a visible part of the window's
     * first frame, which shows no event yet.
     */
    private StyleClassedTextArea area() {
        if (area == null) {
            area = new StyleClassedTextArea();
            area.setId("detail-area");
            area.getStyleClass().add("detail-area");
            area.setEditable(false);
            area.setWrapText(true);
            area.setParagraphGraphicFactory(this::gutter);
            VirtualizedScrollPane<StyleClassedTextArea> scroll = new VirtualizedScrollPane<>(area);
            scroll.getStyleClass().add("detail-scroll");
            VBox.setVgrow(scroll, Priority.ALWAYS);
            getChildren().set(getChildren().indexOf(waiting), scroll);
        }
        return area;
    }

    /**
     * Marks {@code term} wherever the detail holds it, case ignored, now and in every event shown after, and brings the
     * first mark into view when the event has no line of its own to show (a blamed state entry); "" marks nothing.
     */
    public void highlight(String term) {
        String now = term == null ? "" : term;
        if (now.equals(highlighted)) {
            return;
        }
        highlighted = now;
        if (area != null) {
            show(document);
        }
    }

    /** Puts {@code tools} at the right of the pane's header and {@code panel} under it (notes and bookmarks). */
    public void addAnnotations(Node tools, Node panel) {
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        header.getChildren().addAll(spacer, tools);
        getChildren().add(1, panel);
    }

    /** A line's gutter (a state entry's mark, index, line and type), or none; called as paragraphs scroll into view. */
    private Node gutter(int paragraph) {
        if (paragraph >= document.lines().size() || document.lines().get(paragraph).gutter().isEmpty()) {
            return null;
        }
        DetailDocument.Line line = document.lines().get(paragraph);
        HBox box = new HBox();
        box.getStyleClass().add("detail-gutter");
        if (!line.style().isEmpty()) {
            box.getStyleClass().add(line.style());
        }
        for (DetailDocument.Span span : line.gutter()) {
            Text text = new Text(span.text());
            text.getStyleClass().add("text");
            text.getStyleClass().addAll(classes(span.style()));
            box.getChildren().add(text);
        }
        return box;
    }

    /**
     * Replaces the whole content in one edit, paragraph styles included, and scrolls to the top, or to the
     * document's focus line (a blamed state entry), centred.
     */
    private void show(DetailDocument next) {
        StyleClassedTextArea area = area();
        document = next;  // first: the gutter factory reads it while the new paragraphs are laid out
        ReadOnlyStyledDocumentBuilder<Collection<String>, String, Collection<String>> builder =
                new ReadOnlyStyledDocumentBuilder<>(area.getSegOps(), PLAIN);
        List<DetailDocument.Line> lines = next.lines().isEmpty()
                ? List.of(new DetailDocument.Line(List.of(), "")) : next.lines();
        for (DetailDocument.Line line : lines) {
            Collection<String> paragraphStyle = classes(line.style());
            if (line.spans().isEmpty()) {
                builder.addParagraph("", PLAIN, paragraphStyle);
                continue;
            }
            List<StyledSegment<String, Collection<String>>> segments = new ArrayList<>(line.spans().size());
            for (DetailDocument.Span span : line.spans()) {
                segments.add(new StyledSegment<>(span.text(), classes(span.style())));
            }
            builder.addParagraph(segments, paragraphStyle);
        }
        ReadOnlyStyledDocument<Collection<String>, String, Collection<String>> styled = builder.build();
        area.replace(0, area.getLength(), styled);
        int firstMatch = mark(area);
        int focus = next.focusLine().orElse(-1);
        if (focus < 0 && firstMatch >= 0) {
            area.moveTo(firstMatch);
            area.showParagraphAtCenter(area.getCurrentParagraph());
            return;
        }
        if (focus < 0) {
            area.moveTo(0);
            area.showParagraphAtTop(0);
            return;
        }
        // Centred: the entries before a blamed one usually explain it, and a tall wrapped one above cannot push it out.
        area.moveTo(focus, 0);
        area.showParagraphAtCenter(focus);
    }

    /** Marks the searched words in the text shown; the position of the first mark, or -1. */
    private int mark(StyleClassedTextArea area) {
        List<int[]> matches = MatchRanges.of(area.getText(), highlighted);
        for (int[] match : matches) {
            StyleSpans<Collection<String>> spans = area.getStyleSpans(match[0], match[1]);
            area.setStyleSpans(match[0], spans.mapStyles(style -> {
                List<String> marked = new ArrayList<>(style);
                marked.add(FIND_MATCH);
                return marked;
            }));
        }
        return matches.isEmpty() ? -1 : matches.get(0)[0];
    }

    private static Collection<String> classes(String style) {
        return style.isEmpty() ? PLAIN : Arrays.asList(style.split(" "));
    }
}
