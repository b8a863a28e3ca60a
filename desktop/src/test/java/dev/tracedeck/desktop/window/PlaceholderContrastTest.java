package dev.tracedeck.desktop.window;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tracedeck.analysis.rules.RuleConfig;
import dev.tracedeck.analysis.rules.Validator;
import dev.tracedeck.desktop.common.ErrorBoundary;
import dev.tracedeck.desktop.common.NoticesViewModel;
import dev.tracedeck.desktop.common.SyncTaskRunner;
import dev.tracedeck.desktop.fixtures.SampleLogs;
import dev.tracedeck.desktop.tabs.OpenFilesViewModel;
import dev.tracedeck.importers.registry.Importers;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.TextInputControl;
import javafx.scene.layout.BackgroundFill;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.paint.LinearGradient;
import javafx.scene.paint.Paint;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Every empty field's placeholder ("Filter by path, format or status", "Search events", the playground's "Select a
 * message…") reads against its field in both themes: at least 4.5:1, the contrast WCAG asks of text.
 */
@ExtendWith(ApplicationExtension.class)
class PlaceholderContrastTest {

    private static final double READABLE = 4.5;

    @TempDir
    Path dir;

    private OpenFilesViewModel openFiles;
    private MainWindow window;

    @Start
    void start(Stage stage) {
        NoticesViewModel notices = new NoticesViewModel();
        openFiles = new OpenFilesViewModel(Importers.standard(), new SyncTaskRunner(), new SyncTaskRunner(),
                new Validator(RuleConfig.DEFAULT), notices, new ErrorBoundary(notices, Runnable::run));
        window = new MainWindow(stage, openFiles);
        window.show();
    }

    @Test
    void placeholdersReadInBothThemes(FxRobot robot) {
        robot.interact(() -> {
            openFiles.open(List.of(SampleLogs.copy(SampleLogs.BEFORE_PREBUILT_REACT, dir)));
            window.openPlayground();
            window.runsWindow().showSearch();
            window.runsWindow().showRuns();
        });
        for (Theme theme : Theme.values()) {
            robot.interact(() -> theme.applyTo(window.scene()));
            List<String> checked = new ArrayList<>();
            robot.interact(() -> {
                for (Window w : Window.getWindows()) {
                    w.getScene().getRoot().applyCss();
                    w.getScene().getRoot().layout();
                    for (TextInputControl field : fields(w.getScene().getRoot())) {
                        if (field.getPromptText() == null || field.getPromptText().isEmpty() || !field.getText().isEmpty()) {
                            continue;
                        }
                        Text prompt = field.lookupAll(".text").stream().filter(n -> n instanceof Text t
                                && field.getPromptText().equals(t.getText())).map(Text.class::cast).findFirst().orElseThrow(
                                () -> new AssertionError("no placeholder drawn in " + field));
                        double ratio = contrast(color(prompt.getFill()), background(prompt));
                        assertTrue(ratio >= READABLE, theme + ": \"" + field.getPromptText() + "\" at " + String.format("%.2f", ratio) + ":1");
                        checked.add(field.getPromptText());
                    }
                }
            });
            for (String expected : List.of("Filter by path, format or status", "Search every recorded trace", "Search events  (Ctrl+F)",
                    "Select a message to read it whole")) {
                assertTrue(checked.contains(expected), theme + ": " + expected + " not checked; checked " + checked);
            }
        }
    }

    private static List<TextInputControl> fields(Parent root) {
        List<TextInputControl> found = new ArrayList<>();
        collect(root, found);
        return found;
    }

    private static void collect(Node node, List<TextInputControl> found) {
        if (node instanceof TextInputControl field) {
            found.add(field);
        }
        if (node instanceof Parent parent) {
            parent.getChildrenUnmodifiable().forEach(child -> collect(child, found));
        }
    }

    /** The colour the placeholder is drawn over: the innermost painted background at or above it. */
    private static Color background(Node node) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (n instanceof Region region && region.getBackground() != null && !region.getBackground().getFills().isEmpty()) {
                List<BackgroundFill> fills = region.getBackground().getFills();
                Color inner = color(fills.get(fills.size() - 1).getFill());
                if (inner.getOpacity() > 0) {
                    return inner;
                }
            }
        }
        return Color.WHITE;
    }

    private static Color color(Paint paint) {
        if (paint instanceof Color c) {
            return c;
        }
        if (paint instanceof LinearGradient g) {
            return g.getStops().get(g.getStops().size() - 1).getColor();
        }
        throw new AssertionError("not a colour: " + paint);
    }

    private static double contrast(Color a, Color b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    /** WCAG's relative luminance; a translucent colour is taken as it is (these are opaque). */
    private static double luminance(Color c) {
        return 0.2126 * linear(c.getRed()) + 0.7152 * linear(c.getGreen()) + 0.0722 * linear(c.getBlue());
    }

    private static double linear(double channel) {
        return channel <= 0.03928 ? channel / 12.92 : Math.pow((channel + 0.055) / 1.055, 2.4);
    }
}
