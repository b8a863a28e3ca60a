package dev.tracedeck.desktop.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import javafx.scene.Scene;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

@ExtendWith(ApplicationExtension.class)
class ViewPictureTest {

    private Region view;

    @Start
    void start(Stage stage) {
        view = new Region();
        view.setStyle("-fx-background-color: #3574f0;");
        view.setPrefSize(120, 80);
        view.setMaxSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
        stage.setScene(new Scene(new StackPane(view), 200, 120));
        stage.show();
    }

    @Test
    void writesTheViewAtTheChosenScale(FxRobot robot, @TempDir Path dir) throws Exception {
        Path one = dir.resolve("one.png");
        Path two = dir.resolve("sub/two.png");
        robot.interact(() -> {
            try {
                ViewPicture.write(view, 1, one);
                ViewPicture.write(view, 2, two);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        BufferedImage a = ImageIO.read(one.toFile());
        BufferedImage b = ImageIO.read(two.toFile());
        assertEquals(120, a.getWidth());
        assertEquals(80, a.getHeight());
        assertEquals(240, b.getWidth(), "twice as large");
        assertEquals(160, b.getHeight());
        int centre = b.getRGB(120, 80);
        assertTrue((centre & 0xff) > 0xc0 && ((centre >> 16) & 0xff) < 0x80, "the view's own colour, not blank: "
                + Integer.toHexString(centre));
        assertThrows(IllegalArgumentException.class, () -> ViewPicture.write(view, 9, one));
    }
}
